/** Text hygiene for Block Kit: control characters, mrkdwn escaping, length limits, splitting long text. */

// Everything below U+0020 except tab and newline, DEL, and the C1 range.
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

export const stripControl = (text: string): string => text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '');

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

/** Cuts to `max` characters (code points are not split), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

/** Escapes for mrkdwn, then cuts to `max` characters without leaving half an entity (`&am…`). */
export function escapeTruncated(text: string, max: number, { keepMentions = true } = {}): string {
  const escaped = keepMentions ? escapeMrkdwn(text) : escapeAll(stripControl(text));
  if (escaped.length <= max) return escaped;
  return `${truncate(escaped, max).slice(0, -1).replace(/&[a-z]{0,3}$/, '')}…`;
}

/** Only http(s) URLs, with the characters that would end a `<url|label>` link percent-encoded. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(stripControl(url).trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.href.replace(/\|/g, '%7C').replace(/</g, '%3C').replace(/>/g, '%3E');
  } catch {
    return undefined;
  }
}

/** Where to cut a window: after a paragraph, line or word break in its second half, else at its end. */
function breakPoint(window: string): number {
  const half = window.length / 2;
  for (const separator of ['\n\n', '\n', ' ']) {
    const at = window.lastIndexOf(separator);
    if (at > half) return at + separator.length;
  }
  return window.length;
}

/**
 * Splits text into pieces of at most `max` characters, preferring paragraph, then line, then word breaks,
 * and never splitting a surrogate pair. Joining the pieces gives back the text.
 */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = breakPoint(rest.slice(0, max));
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length > 0 || pieces.length === 0) pieces.push(rest);
  return pieces;
}
