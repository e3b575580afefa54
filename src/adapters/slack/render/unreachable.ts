/**
 * What a user is told, privately, when the bot cannot post where they typed a command (a private channel, a group
 * DM or a DM it is not in): how to invite it, and a button that runs the same command in a DM with the bot.
 */
import type { SlackMessage } from './limits.js';
import { SLACK_LIMITS } from './limits.js';
import { escapeMrkdwn, splitText, truncate } from './text.js';
import type { Translate } from '../../../i18n/index.js';

/** The action id of the "run it in a DM" button; its value is the command text. */
export const RUN_IN_DM_ACTION_ID = 'iip-run-in-dm';

export function unreachableNotice(commandText: string, t: Translate): SlackMessage {
  const typed = `/iip ${commandText}`.trim();
  const fits = commandText.length > 0 && commandText.length <= SLACK_LIMITS.buttonValue;
  const explain = fits ? t('slack:unreachable.explainRun') : t('slack:unreachable.explainCopy');
  // the whole command is shown, over as many sections as it needs: nothing the user typed is lost
  const quoted = splitText(typed, SLACK_LIMITS.sectionText - 200).map((part) => ({
    type: 'section' as const,
    text: { type: 'mrkdwn' as const, text: `\`\`\`${escapeMrkdwn(part)}\`\`\`` },
  }));
  return {
    text: t('slack:unreachable.fallback', { command: truncate(typed, SLACK_LIMITS.fallbackText - 60) }),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: explain } },
      ...quoted,
      ...(fits
        ? [
            {
              type: 'actions' as const,
              elements: [
                {
                  type: 'button' as const,
                  action_id: RUN_IN_DM_ACTION_ID,
                  text: { type: 'plain_text' as const, text: t('slack:unreachable.runInDm') },
                  style: 'primary' as const,
                  value: commandText,
                },
              ],
            },
          ]
        : []),
    ],
  };
}
