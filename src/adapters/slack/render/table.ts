/**
 * A neutral table as Slack's `table` block (docs.slack.dev/reference/block-kit/blocks/table-block): at most 100
 * rows (the header row included) of at most 20 cells, `column_settings` for alignment and wrapping, one table
 * per message (Slack refuses a second: only_one_table_allowed). Cells are `rich_text` (the header bold), never
 * empty. A table over the limits, or a second one in a message, is shown as its aligned text instead.
 */
import type { TableAlign } from '../../../core/message.js';
import { truncate } from '../../../core/text.js';
import { renderMarkdown } from './content.js';
import type { SlackBlock } from './limits.js';

export const SLACK_TABLE_LIMITS = { rows: 100, columns: 20, cellChars: 500 } as const;

type Cell = Extract<SlackBlock, { type: 'rich_text' }>;

function cell(text: string, bold: boolean): Cell {
  const shown = truncate(text.trim(), SLACK_TABLE_LIMITS.cellChars) || ' ';
  return {
    type: 'rich_text',
    elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: shown, ...(bold ? { style: { bold: true } } : {}) }] }],
  };
}

export interface NeutralTable {
  header: string[];
  rows: string[][];
  align?: TableAlign[];
  text: string;
}

/** `native`: false when the message already shows a table (Slack allows one), so this one is text. */
export function renderTable(table: NeutralTable, native: boolean): SlackBlock[] {
  const width = Math.max(table.header.length, ...table.rows.map((row) => row.length));
  const fits = width > 0 && width <= SLACK_TABLE_LIMITS.columns && table.rows.length + 1 <= SLACK_TABLE_LIMITS.rows;
  if (!native || !fits) return renderMarkdown(table.text);
  const row = (cells: string[], bold: boolean) => Array.from({ length: width }, (_, i) => cell(cells[i] ?? '', bold));
  return [
    {
      type: 'table',
      // the first column (labels) wraps; the short value columns keep to one line
      column_settings: Array.from({ length: width }, (_, i) => ({ align: table.align?.[i] ?? 'left', is_wrapped: i === 0 })),
      rows: [row(table.header, true), ...table.rows.map((cells) => row(cells, false))],
    },
  ];
}
