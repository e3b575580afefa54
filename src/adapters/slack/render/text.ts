/** Text hygiene for Block Kit: control characters, mrkdwn escaping, length limits, splitting long text. */
import { mapMentions } from '../../../core/message.js';
import { httpUrl, stripControl, truncate } from '../../../core/text.js';

export { splitText, stripControl, truncate } from '../../../core/text.js';

const SLACK_USER_ID = /^[UW][A-Z0-9]{1,30}$/;
/** The bot's own mentions (core `mention()`) as Slack mentions; an id Slack would not take is shown as text. */
const liveMention = (userId: string): string => (SLACK_USER_ID.test(userId) ? `<@${userId}>` : `@${userId.replace(/[<>&]/g, '')}`);

const escapeAll = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * For mrkdwn text objects, where `&`, `<`, `>` are control characters (`<!channel>`, `<@U1>`, `<url|label>`):
 * all escaped, so only the bot's own mentions are live.
 */
export const escapeMrkdwn = (text: string): string => mapMentions(text, (run) => escapeAll(stripControl(run)), liveMention);

/**
 * For the markdown block, which takes standard markdown: Slack's mention syntax (`<@U1>`, `<!channel>`,
 * `<!subteam^…>`, `<#C1>`) is defused in everything but the bot's own mentions, so model output cannot ping
 * anyone (a backslash-escaped `\<@` too: the escape goes and the entity shows the `<`); other markdown is untouched.
 */
export const defuseMentions = (text: string): string => mapMentions(text, (run) => stripControl(run).replace(/\\?<([!@#])/g, '&lt;$1'), liveMention);

/** Escapes for mrkdwn, then cuts to `max` characters without leaving half an entity (`&am…`). */
export function escapeTruncated(text: string, max: number, { keepMentions = true } = {}): string {
  const escaped = keepMentions
    ? escapeMrkdwn(text)
    : escapeAll(
        stripControl(
          mapMentions(
            text,
            (run) => run,
            (id) => `@${id}`,
          ),
        ),
      );
  if (escaped.length <= max) return escaped;
  return `${truncate(escaped, max)
    .slice(0, -1)
    .replace(/&[a-z]{0,3}$/, '')}…`;
}

/** Only http(s) URLs, with the characters that would end a `<url|label>` link percent-encoded. */
export function safeUrl(url: string | undefined): string | undefined {
  return httpUrl(url)?.href.replace(/\|/g, '%7C').replace(/</g, '%3C').replace(/>/g, '%3E');
}
