/**
 * The iip shortcuts: a message shortcut or the global shortcut opens the start modal (views.open with the
 * shortcut's trigger_id, first thing, inside Slack's 3 seconds); its submission is checked against where the
 * answer would go (conversations.info: a conversation the bot cannot see or is not in is refused in the modal,
 * with why, and nothing is sent) before it is handed on as the command it composes.
 */
import type { Logger } from '../../log.js';
import { t } from '../../i18n/index.js';
import { SlackApiError } from './errors.js';
import { shortcutSubmission, shortcutToOpen, type ShortcutSubmission } from './incoming/shortcuts.js';
import type { ApiCall } from './reach.js';
import { renderShortcutModal, SHORTCUT_FIELDS } from './render/shortcut-modal.js';

/** What a submission comes to: the command to hand on, errors to show in the modal, or nothing (not ours). */
export type ShortcutVerdict = { accept: ShortcutSubmission } | { errors: Record<string, string> } | undefined;

export interface SlackShortcuts {
  /** a shortcut's payload: opens the modal; resolves once views.open answered (failures logged) */
  open(body: unknown): Promise<void>;
  /** a submitted shortcut modal: where it may start, or why not */
  submitted(body: unknown): Promise<ShortcutVerdict>;
}

/** Why the bot cannot answer in `channel`, in the user's words, or undefined when it can. */
async function refusal(api: ApiCall, team: string, channel: string): Promise<string | undefined> {
  try {
    const info = await api(team, 'conversations.info', { channel });
    const conversation = info.channel as { is_member?: unknown; is_archived?: unknown; is_im?: unknown } | undefined;
    if (conversation?.is_archived === true || conversation?.is_member === false) return t('slack:shortcut.notMember');
    return undefined;
  } catch (error) {
    if (error instanceof SlackApiError && error.code === 'channel_not_found') return t('slack:shortcut.notVisible');
    if (error instanceof SlackApiError && error.code === 'not_in_channel') return t('slack:shortcut.notMember');
    throw error;
  }
}

export function slackShortcuts(api: ApiCall, logger: Logger): SlackShortcuts {
  return {
    async open(body) {
      const shortcut = shortcutToOpen(body);
      if (!shortcut) return;
      await api(shortcut.team, 'views.open', { trigger_id: shortcut.triggerId, view: renderShortcutModal(shortcut.origin, shortcut.text) }).catch(
        (error: unknown) => logger.warn({ err: error, team: shortcut.team }, 'the shortcut modal could not be opened'),
      );
    },
    async submitted(body) {
      const submission = shortcutSubmission(body);
      if (submission === 'empty') return { errors: { [SHORTCUT_FIELDS.text]: t('slack:shortcut.empty') } };
      if (!submission) return undefined;
      // the user's DM with the bot (no conversation chosen) is always open to it
      if (!submission.channel) return { accept: submission };
      const field = submission.incoming.thread ? SHORTCUT_FIELDS.text : SHORTCUT_FIELDS.where;
      // Slack failing to say where the answer may go: the modal stays open with the user's text, to submit again
      const why = await refusal(api, submission.team, submission.channel).catch((error: unknown) => {
        logger.warn({ err: error, team: submission.team }, 'a shortcut could not check its conversation');
        return t('slack:shortcut.unchecked');
      });
      if (why === undefined) return { accept: submission };
      logger.info({ team: submission.team, channel: submission.channel }, 'a shortcut refused: the bot cannot answer in its conversation');
      return { errors: { [field]: why } };
    },
  };
}
