/**
 * Inline markdown for the terminal: **bold**, *italic*, `code`, ~~strike~~, links as `text (url)`, images as
 * `[image: alt] (url)` (the word in the language of `t`), backslash escapes. Code spans and link targets are set aside first so that the emphasis
 * rules never reach inside them (a URL with underscores stays intact).
 */
import { mapMentions } from '../../core/message.js';
import type { Style } from './style.js';
import type { Translate } from '../../i18n/index.js';

// Model text reaches these on every streamed edit: no pattern may scan past the next opening delimiter
// (an inner part never holds its own opener), so each start position costs at most the distance to the next
// one and a whole line is linear, even 100,000 unclosed brackets or asterisks.
const CODE_SPAN = /(`+)((?:[^`]|`(?!\1))*?[^`])\1(?!`)/g;
const IMAGE = /!\[([^\][]*)\]\(\s*<?([^)\s<>[]+)>?(?:\s+"[^"[]*")?\s*\)/g;
const LINK = /\[([^\][]+)\]\(\s*<?([^)\s<>[]+)>?(?:\s+"[^"[]*")?\s*\)/g;
const AUTOLINK = /<((?:https?|mailto):[^<>\s]+)>/g;
// CommonMark: a backslash before any ASCII punctuation shows that character (`\<`, `\[` as a user typed them)
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
const BOLD = [/\*\*(?=\S)((?:[^*]|\*(?!\*))*?\S)\*\*/g, /(?<![\w_])__(?=\S)((?:[^_]|_(?!_))*?\S)__(?![\w_])/g];
const ITALIC = [/(?<![*\w])\*(?=[^\s*])([^*]*?[^\s*])\*(?![*\w])/g, /(?<![\w_])_(?=[^\s_])([^_]*?[^\s_])_(?![\w_])/g];
const STRIKE = /~~(?=\S)((?:[^~]|~(?!~))*?\S)~~/g;

/** Placeholders use private-use characters that never occur in platform text. */
const OPEN = '\uE000';
const CLOSE = '\uE001';

/** An image the terminal cannot show, named by its alt text: `image: alt` (`图片：alt`), or the word alone. */
export const imageLabel = (alt: string | undefined, t: Translate): string => (alt ? t('console:choice.imageOf', { alt }) : t('console:choice.image'));

export function renderInline(text: string, style: Style, t: Translate): string {
  const saved: string[] = [];
  const keep = (rendered: string): string => `${OPEN}${saved.push(rendered) - 1}${CLOSE}`;
  const link = (label: string, url: string): string => {
    const shown = label.trim();
    return keep(shown === url || shown === '' ? style.underline(url) : `${shown} (${style.underline(url)})`);
  };

  // the bot's own mentions (core `mention()`) shown as a bold @id; mention-like text from elsewhere stays as typed
  let out = mapMentions(
    text.replace(/[\uE000\uE001]/g, ''),
    (run) => run,
    (id) => keep(style.bold(`@${id}`)),
  )
    // an escaped backtick opens no code span (a code span ending in a backslash is the rarer text)
    .replace(/\\`/g, () => keep('`'))
    .replace(CODE_SPAN, (_m, _ticks: string, code: string) => keep(style.code(code.trim() || code)))
    .replace(ESCAPE, (_m, ch: string) => keep(ch))
    .replace(IMAGE, (_m, alt: string, url: string) => keep(`[${imageLabel(alt, t)}] (${style.underline(url)})`))
    .replace(LINK, (_m, label: string, url: string) => link(label, url))
    .replace(AUTOLINK, (_m, url: string) => keep(style.underline(url)));

  for (const pattern of BOLD) out = out.replace(pattern, (_m, inner: string) => style.bold(inner));
  for (const pattern of ITALIC) out = out.replace(pattern, (_m, inner: string) => style.italic(inner));
  out = out.replace(STRIKE, (_m, inner: string) => style.strike(inner));

  const placeholder = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
  // a link label can itself hold a code span, so restore until nothing is left
  while (placeholder.test(out)) {
    out = out.replace(placeholder, (_m, index: string) => saved[Number(index)] ?? '');
  }
  return out;
}
