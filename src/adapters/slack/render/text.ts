/** Text hygiene for Block Kit: control characters, mrkdwn escaping, length limits, splitting long text. */
import { httpUrl, stripControl, truncate } from '../../../core/text.js';

export { splitText, stripControl, truncate } from '../../../core/text.js';

/** A user mention as the core writes it (`mention()` in core/message.ts): kept, Slack renders it natively. */
const USER_MENTION = /(<@[UW][A-Z0-9]+>)/;

const escapeAll = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * For mrkdwn text objects, where `&`, `<`, `>` are control characters (`<!channel>`, `<url|label>`): all
 * escaped except plain user mentions `<@U123>`.
 */
export const escapeMrkdwn = (text: string): string =>
  stripControl(text).split(USER_MENTION).map((part, i) => (i % 2 === 1 ? part : escapeAll(part))).join('');

/**
 * For the markdown block, which takes standard markdown: only Slack's special mentions (`<!channel>`, `<!here>`,
 * `<!everyone>`, `<!subteam^…>`) are defused, so model output cannot ping a channel; other markdown is untouched.
 */
export const defuseMentions = (text: string): string => stripControl(text).replace(/<!/g, '&lt;!');

/** Escapes for mrkdwn, then cuts to `max` characters without leaving half an entity (`&am…`). */
export function escapeTruncated(text: string, max: number, { keepMentions = true } = {}): string {
  const escaped = keepMentions ? escapeMrkdwn(text) : escapeAll(stripControl(text));
  if (escaped.length <= max) return escaped;
  return `${truncate(escaped, max).slice(0, -1).replace(/&[a-z]{0,3}$/, '')}…`;
}

/** Only http(s) URLs, with the characters that would end a `<url|label>` link percent-encoded. */
export function safeUrl(url: string | undefined): string | undefined {
  return httpUrl(url)?.href.replace(/\|/g, '%7C').replace(/</g, '%3C').replace(/>/g, '%3E');
}

