/**
 * A neutral table as an Adaptive Card `Table` (schema 1.5, the version Teams renders): the header as the first
 * row (`firstRowAsHeader`), a wide first column for the labels and narrow value columns aligned as asked, grid
 * lines, the header repeated every 50 rows. Wider than `TEAMS_LIMITS.tableColumns` it is shown as its aligned
 * text, as a code block.
 */
import type { TableAlign } from '../../../core/message.js';
import { TEAMS_LIMITS, type CardElement } from './limits.js';
import { renderMarkdown } from './markdown.js';
import { clean, withMentions, type RenderContext } from './text.js';

const ROWS_PER_TABLE = 50;
const CELL_CHARS = 500;
/** the label column's share of the width against each value column's 1 */
const LABEL_WIDTH = 4;

const ALIGNMENT: Record<TableAlign, string> = { left: 'Left', center: 'Center', right: 'Right' };

const cell = (text: string, header: boolean, ctx: RenderContext): CardElement => ({
  type: 'TableCell',
  items: [{ type: 'TextBlock', text: withMentions(clean(text, CELL_CHARS), ctx) || ' ', wrap: true, ...(header ? { weight: 'Bolder' } : {}) }],
});

export function renderTable(table: { header: string[]; rows: string[][]; align?: TableAlign[]; text: string }, ctx: RenderContext): CardElement[] {
  const width = Math.max(table.header.length, ...table.rows.map((row) => row.length));
  if (width === 0 || width > TEAMS_LIMITS.tableColumns) return renderMarkdown(table.text, ctx);
  const columns = Array.from({ length: width }, (_, i) => ({
    width: i === 0 && width > 1 ? LABEL_WIDTH : 1,
    horizontalCellContentAlignment: ALIGNMENT[table.align?.[i] ?? 'left'],
  }));
  const row = (cells: string[], header: boolean): CardElement => ({
    type: 'TableRow',
    cells: Array.from({ length: width }, (_, i) => cell(cells[i] ?? '', header, ctx)),
  });
  const tables: CardElement[] = [];
  for (let start = 0; start === 0 || start < table.rows.length; start += ROWS_PER_TABLE) {
    tables.push({
      type: 'Table',
      firstRowAsHeader: true,
      showGridLines: true,
      columns,
      rows: [row(table.header, true), ...table.rows.slice(start, start + ROWS_PER_TABLE).map((cells) => row(cells, false))],
    });
  }
  return tables;
}
