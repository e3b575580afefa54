/** Text hygiene for Adaptive Cards: control characters, user mentions, URLs, length limits, splitting. */

// Everything below U+0020 except tab and newline, DEL, and the C1 range.
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/** A user mention as the core writes it (`mention()` in core/message.ts); Teams user ids look like `29:1a2b…`. */
const USER_MENTION = /<@([^\s<>]+)>/g;

export const stripControl = (text: string): string => text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '');

/** A mention entity as Teams expects it next to `<at>name</at>` in the card text. */
export interface MentionEntity {
  type: 'mention';
  text: string;
  mentioned: { id: string; name: string };
}

/** What rendering needs to know beyond the message: who is who, and where mention entities are collected. */
export interface RenderContext {
  /** a user's display name, when the adapter has seen it */
  nameOf(userId: string): string | undefined;
  mentions: MentionEntity[];
}

/** Core mentions (`<@29:abc>`) as Teams mentions (`<at>Ann</at>` plus an entity); unknown users as `@user`. */
export function withMentions(text: string, ctx: RenderContext): string {
  return text.replace(USER_MENTION, (_whole, id: string) => {
    const name = ctx.nameOf(id)?.replace(/[<>]/g, '').trim();
    if (!name) return '@user';
    const tag = `<at>${name}</at>`;
    if (!ctx.mentions.some((m) => m.mentioned.id === id)) ctx.mentions.push({ type: 'mention', text: tag, mentioned: { id, name } });
    return tag;
  });
}

/** Cuts to `max` characters (code points are not split), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

export const clean = (text: string, max: number): string => truncate(stripControl(text).trim(), max);

/** Only http(s) URLs; anything else is no link at all. */
export function safeUrl(url: string | undefined, max: number): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(stripControl(url).trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.href.length <= max ? parsed.href : undefined;
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

/** Pieces of at most `max` characters, cut at paragraph, line or word breaks; joined they give back the text. */
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
