/**
 * Markdown tables for the terminal: columns aligned by display width with the header in bold. When the table is
 * wider than the terminal, each row becomes a small `header: value` record instead, which stays readable.
 */
import type { Translate } from '../../i18n/index.js';
import { renderInline } from './inline-terminal.js';
import type { Style } from './style.js';
import { displayWidth, padEnd, wrapLine } from './text-width.js';

type Align = 'left' | 'right' | 'center';

export function splitRow(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function alignOf(cell: string): Align {
  if (cell.startsWith(':') && cell.endsWith(':')) return 'center';
  return cell.endsWith(':') ? 'right' : 'left';
}

function place(text: string, width: number, align: Align): string {
  const room = width - displayWidth(text);
  if (align === 'right') return ' '.repeat(room) + text;
  if (align === 'center') return ' '.repeat(Math.floor(room / 2)) + padEnd(text, width - Math.floor(room / 2));
  return padEnd(text, width);
}

/** `lines`: the header row, the separator row, then the body rows, as markdown source; `t` words an image in a cell. */
export function renderTable(lines: string[], style: Style, width: number | undefined, t: Translate): string[] {
  const [headerLine = '', separatorLine = '', ...bodyLines] = lines;
  const header = splitRow(headerLine).map((cell) => renderInline(cell, style, t));
  const aligns = splitRow(separatorLine).map(alignOf);
  const body = bodyLines.map((line) => splitRow(line).map((cell) => renderInline(cell, style, t)));
  const columns = header.length;
  const cellAt = (row: string[], i: number): string => row[i] ?? '';
  const widths = header.map((_, i) => Math.max(displayWidth(cellAt(header, i)), ...body.map((row) => displayWidth(cellAt(row, i)))));
  const gap = '  ';
  const total = widths.reduce((sum, w) => sum + w, 0) + gap.length * (columns - 1);

  if (width !== undefined && total > width) {
    const labelWidth = Math.max(...header.map(displayWidth));
    return body.flatMap((row, r) => [
      ...(r > 0 ? [''] : []),
      ...header.flatMap((label, i) => wrapLine(`${style.bold(padEnd(label, labelWidth))}  ${cellAt(row, i)}`, width, ' '.repeat(labelWidth + 2))),
    ]);
  }
  const rule = style.ansi ? '─' : '-';
  const format = (row: string[], bold: boolean): string =>
    widths
      .map((w, i) => place(bold ? style.bold(cellAt(row, i)) : cellAt(row, i), w, aligns[i] ?? 'left'))
      .join(gap)
      .trimEnd();
  return [format(header, true), widths.map((w) => rule.repeat(w)).join(gap), ...body.map((row) => format(row, false))];
}
