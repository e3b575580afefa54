/** Who may press a workflow's buttons and submit its forms. */
import type { BotSettings } from '../../../core/handler.js';
import { mention } from '../../../core/message.js';
import type { Translate } from '../../../i18n/index.js';
import type { ThreadRecord } from '../../../core/state.js';

/**
 * With `confirmers: 'starter'` (the default) only the user who started the workflow, unless they let others
 * confirm when starting it (`othersMayConfirm` in its data); with `anyone`, everyone in the channel.
 */
export function mayAct(
  settings: Pick<BotSettings, 'confirmers'>,
  record: Pick<ThreadRecord, 'startedBy'> & { data?: ThreadRecord['data'] },
  userId: string,
): boolean {
  return settings.confirmers === 'anyone' || record.data?.othersMayConfirm === true || userId === record.startedBy;
}

export const notAllowedNote = (record: Pick<ThreadRecord, 'startedBy'>, noun: string, t: Translate): string =>
  t('workflow:click.notAllowed', { user: mention(record.startedBy), noun });
