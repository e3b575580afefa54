/**
 * Block-level markdown for the terminal, hand-written and forgiving (a stream shows half-finished markdown):
 * headings bold and underlined (plain: underlined with = or -), bullet and numbered lists with hanging indents,
 * quotes, fenced code indented by four spaces, tables, rules. Line breaks are kept as the platform sent them.
 */
import type { Translate } from '../../i18n/index.js';
import { renderInline } from './inline-terminal.js';
import type { Style } from './style.js';
import { headingOf, isTableDivider, isThematicBreak } from '../../core/markdown-lines.js';
import { renderTable } from './table-terminal.js';
import { displayWidth, wrapLine } from './text-width.js';

export interface LayoutOptions {
  style: Style;
  /** terminal columns; undefined when the output is not a terminal (no wrapping then) */
  width: number | undefined;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const LIST = /^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$/;
const TASK = /^\[([ xX])\]\s+(.*)$/;

export function wrapText(text: string, layout: LayoutOptions, indent = '', hanging = indent): string[] {
  const line = indent + text;
  return layout.width === undefined ? [line] : wrapLine(line, layout.width, hanging);
}

function heading(level: number, text: string, layout: LayoutOptions, t: Translate): string[] {
  const { style } = layout;
  const inline = renderInline(text, style, t);
  if (style.ansi) return wrapText(level <= 2 ? style.underline(style.bold(inline)) : style.bold(inline), layout);
  if (level > 2) return wrapText(inline, layout);
  return [inline, (level === 1 ? '=' : '-').repeat(Math.max(3, displayWidth(inline)))];
}

function listItem(match: RegExpExecArray, layout: LayoutOptions, t: Translate): string[] {
  const [, spaces = '', marker = '-', rest = ''] = match;
  const indent = '  '.repeat(Math.floor(spaces.replace(/\t/g, '    ').length / 2) + 1);
  const task = TASK.exec(rest);
  const bullet = /\d/.test(marker) ? marker : layout.style.ansi ? '•' : '-';
  const box = task ? (task[1] === ' ' ? '[ ] ' : '[x] ') : '';
  const text = renderInline(task ? (task[2] ?? '') : rest, layout.style, t);
  return wrapText(`${bullet} ${box}${text}`, layout, indent, indent + ' '.repeat(displayWidth(bullet) + 1 + box.length));
}

/** `t`: the language an image is worded in (`[image: alt]`). */
export function renderMarkdown(source: string, layout: LayoutOptions, t: Translate): string[] {
  const { style } = layout;
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      const close = fence[1] ?? '```';
      for (i += 1; i < lines.length && !(lines[i] ?? '').trim().startsWith(close); i += 1) {
        const code = lines[i] ?? '';
        out.push(`    ${style.ansi ? style.code(code) : code}`.trimEnd());
      }
      continue;
    }
    const separator = lines[i + 1] ?? '';
    if (line.includes('|') && separator.includes('|') && separator.includes('-') && isTableDivider(separator)) {
      const rows = [line, separator];
      for (i += 2; i < lines.length && (lines[i] ?? '').includes('|') && (lines[i] ?? '').trim() !== ''; i += 1) rows.push(lines[i] ?? '');
      i -= 1;
      out.push(...renderTable(rows, style, layout.width, t));
      continue;
    }
    const h = headingOf(line);
    const item = LIST.exec(line);
    const quote = QUOTE.exec(line);
    if (h) out.push(...heading(h.level, h.text, layout, t));
    else if (isThematicBreak(line)) out.push(style.dim((style.ansi ? '─' : '-').repeat(Math.min(layout.width ?? 40, 40))));
    else if (item) out.push(...listItem(item, layout, t));
    else if (quote) out.push(...wrapText(renderInline(quote[1] ?? '', style, t), layout, '│ ', '│ ').map((row) => style.dim(row)));
    else if (line.trim() === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
    } else {
      // leading spaces are kept (at most 8): chat text indents continuation lines under a bullet that way
      const indent = ' '.repeat(Math.min(8, line.length - line.trimStart().length));
      out.push(...wrapText(renderInline(line.trim(), style, t), layout, indent, indent));
    }
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}
