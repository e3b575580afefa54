/**
 * Markdown as Adaptive Card elements. A TextBlock renders only a markdown subset (bold, italic, lists, links),
 * so the block structure is taken apart here: headings become bold TextBlocks, fenced code a monospace
 * RichTextBlock (its text shown literally), tables a Table (header repeated every 50 rows), quotes an
 * emphasised container, rules a separator; the rest stays markdown in wrapped TextBlocks.
 */
import { headingOf, isTableDivider, isThematicBreak } from '../../../core/markdown-lines.js';
import { TEAMS_LIMITS, type CardElement } from './limits.js';
import { splitText, stripControl, withMentions, type RenderContext } from './text.js';

type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'table'; rows: string[][] }
  | { kind: 'quote'; text: string }
  | { kind: 'rule' };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const TABLE_ROWS_PER_ELEMENT = 50;

function tableCells(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** Splits markdown into the block kinds a card renders differently. */
export function parseMarkdown(markdown: string): Segment[] {
  const lines = stripControl(markdown).split('\n');
  const segments: Segment[] = [];
  let paragraph: string[] = [];
  const flush = (): void => {
    const text = paragraph.join('\n').trim();
    if (text.length > 0) segments.push({ kind: 'text', text });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1] as string;
      const body: string[] = [];
      for (i += 1; i < lines.length && !(lines[i] as string).trimStart().startsWith(marker); i += 1) body.push(lines[i] as string);
      segments.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    const heading = headingOf(line);
    if (heading) {
      flush();
      segments.push({ kind: 'heading', ...heading });
      continue;
    }
    if (line.includes('|') && isTableDivider(lines[i + 1] ?? '', 3)) {
      flush();
      const rows = [tableCells(line)];
      for (i += 2; i < lines.length && (lines[i] as string).includes('|') && (lines[i] as string).trim().length > 0; i += 1) {
        rows.push(tableCells(lines[i] as string));
      }
      i -= 1;
      segments.push({ kind: 'table', rows });
      continue;
    }
    if (isThematicBreak(line)) {
      flush();
      segments.push({ kind: 'rule' });
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      flush();
      const previous = segments[segments.length - 1];
      if (previous?.kind === 'quote') previous.text += `\n${quote[1] as string}`;
      else segments.push({ kind: 'quote', text: quote[1] as string });
      continue;
    }
    if (line.trim().length === 0) flush();
    else paragraph.push(line);
  }
  flush();
  return segments;
}

const textBlocks = (text: string, ctx: RenderContext, extra: Record<string, unknown> = {}): CardElement[] =>
  splitText(text, TEAMS_LIMITS.textBlockChars).map((piece) => ({ type: 'TextBlock', text: withMentions(piece, ctx), wrap: true, ...extra }));

const cell = (text: string, header: boolean, ctx: RenderContext): CardElement => ({
  type: 'TableCell',
  items: [{ type: 'TextBlock', text: withMentions(text, ctx) || ' ', wrap: true, ...(header ? { weight: 'Bolder' } : {}) }],
});

function renderTable(rows: string[][], ctx: RenderContext): CardElement[] {
  const width = Math.max(...rows.map((row) => row.length));
  const [header, ...body] = rows as [string[], ...string[][]];
  if (width > TEAMS_LIMITS.tableColumns) {
    return [codeBlock(rows.map((row) => row.join(' | ')).join('\n'))];
  }
  const row = (cells: string[], isHeader: boolean): CardElement => ({
    type: 'TableRow',
    cells: Array.from({ length: width }, (_, i) => cell(cells[i] ?? '', isHeader, ctx)),
  });
  const tables: CardElement[] = [];
  for (let start = 0; start === 0 || start < body.length; start += TABLE_ROWS_PER_ELEMENT) {
    tables.push({
      type: 'Table',
      firstRowAsHeader: true,
      showGridLines: true,
      columns: Array.from({ length: width }, () => ({ width: 1 })),
      rows: [row(header, true), ...body.slice(start, start + TABLE_ROWS_PER_ELEMENT).map((cells) => row(cells, false))],
    });
  }
  return tables;
}

function codeBlock(text: string): CardElement {
  return { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: text.length > 0 ? text : ' ', fontType: 'Monospace' }] };
}

function renderSegment(segment: Segment, ctx: RenderContext): CardElement[] {
  switch (segment.kind) {
    case 'text':
      return textBlocks(segment.text, ctx);
    case 'heading':
      return textBlocks(segment.text, ctx, { weight: 'Bolder', size: segment.level === 1 ? 'Large' : segment.level === 2 ? 'Medium' : 'Default' });
    case 'code':
      return splitText(segment.text, TEAMS_LIMITS.textBlockChars).map(codeBlock);
    case 'table':
      return renderTable(segment.rows, ctx);
    case 'quote':
      return [{ type: 'Container', style: 'emphasis', items: textBlocks(segment.text, ctx, { isSubtle: true }) }];
    case 'rule':
      return [];
  }
}

export function renderMarkdown(markdown: string, ctx: RenderContext): CardElement[] {
  const elements: CardElement[] = [];
  let separate = false;
  for (const segment of parseMarkdown(markdown)) {
    if (segment.kind === 'rule') {
      separate = true;
      continue;
    }
    const rendered = renderSegment(segment, ctx);
    if (separate && rendered[0]) rendered[0] = { ...rendered[0], separator: true };
    if (rendered.length > 0) separate = false;
    elements.push(...rendered);
  }
  return elements;
}
