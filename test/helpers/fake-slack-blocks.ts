/**
 * Block Kit as the fake Slack Web API checks and reads it: why Slack would refuse a message's blocks
 * (`invalid_blocks`) and the words a message shows.
 */
type Json = Record<string, unknown>;

export const textOf = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as Json).text ?? '') : '');
export const asList = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** A feedback button (thumbs up/down) needs plain text and a value, as Slack's feedback_buttons element documents. */
function feedbackButtonProblem(button: unknown): string | undefined {
  if (typeof button !== 'object' || button === null) return 'feedback button missing';
  const { text, value } = button as Json;
  if ((text as Json | undefined)?.type !== 'plain_text' || !textOf(text)) return 'feedback button without plain_text';
  return typeof value === 'string' && value.length > 0 && value.length <= 2000 ? undefined : 'feedback button value';
}

/** context_actions holds at most 5 feedback_buttons or icon_button elements. */
function contextActionsProblem(block: Json): string | undefined {
  const elements = asList(block.elements);
  if (elements.length === 0 || elements.length > 5) return 'context_actions needs 1 to 5 elements';
  for (const element of elements) {
    if (element.type === 'feedback_buttons') {
      const problem = feedbackButtonProblem(element.positive_button) ?? feedbackButtonProblem(element.negative_button);
      if (problem) return problem;
    } else if (element.type !== 'icon_button') return `${String(element.type)} in context_actions`;
  }
  return undefined;
}

/** The words of a table cell: `raw_text` text, or the text elements of a `rich_text` cell's sections. */
const cellText = (cell: Json): string =>
  cell.type === 'raw_text'
    ? String(cell.text ?? '')
    : asList(cell.elements)
        .flatMap((section) => asList(section.elements))
        .map((e) => String(e.text ?? ''))
        .join('');

/**
 * Slack's table block: 1 to 100 rows of at most 20 cells, each `raw_text` (at least one character) or `rich_text`,
 * at most 20 `column_settings`. Slack takes one table per message (it answers only_one_table_allowed; this fake
 * answers invalid_blocks, as for the other block problems).
 */
function tableProblem(block: Json): string | undefined {
  const rows = Array.isArray(block.rows) ? (block.rows as unknown[]) : [];
  if (rows.length === 0 || rows.length > 100) return 'a table has 1 to 100 rows';
  if (asList(block.column_settings).length > 20) return 'more than 20 column_settings';
  for (const row of rows) {
    const cells = asList(row);
    if (cells.length === 0 || cells.length > 20) return 'a table row has 1 to 20 cells';
    for (const cell of cells) {
      if (cell.type !== 'raw_text' && cell.type !== 'rich_text') return `a ${String(cell.type)} table cell`;
      if (cellText(cell).length === 0) return 'an empty table cell';
    }
  }
  return undefined;
}

function blockProblem(block: Json, actionIds: Set<string>): string | undefined {
  if (block.type === 'table') return tableProblem(block);
  if (block.type === 'section') {
    if (textOf(block.text).length > 3000) return 'section text over 3000';
    const fields = asList(block.fields);
    if (fields.length > 10 || fields.some((f) => textOf(f).length > 2000)) return 'fields over the limits';
  }
  if (block.type === 'context' && asList(block.elements).some((e) => textOf(e).length > 3000)) return 'context over 3000';
  if (block.type === 'context_actions') {
    const problem = contextActionsProblem(block);
    if (problem) return problem;
  }
  const interactive = block.type === 'actions' || block.type === 'context_actions';
  const elements = interactive ? asList(block.elements) : block.accessory ? [block.accessory as Json] : [];
  if (elements.length > 25) return 'more than 25 elements';
  for (const element of elements) {
    const id = String(element.action_id ?? '');
    if (actionIds.has(id)) return `duplicate action_id ${id}`;
    actionIds.add(id);
    if (typeof element.value === 'string' && element.value.length > 2000) return 'button value over 2000';
    const options = asList(element.options).length;
    if ((element.type === 'checkboxes' && options > 10) || options > 100) return 'too many options';
  }
  return undefined;
}

/** Why Slack would refuse these message blocks (`invalid_blocks`), or undefined. */
export function messageBlocksProblem(blocks: unknown): string | undefined {
  const list = asList(blocks);
  if (list.length > 50) return 'more than 50 blocks';
  const markdown = list.filter((b) => b.type === 'markdown').reduce((sum, b) => sum + String(b.text ?? '').length, 0);
  if (markdown > 12_000) return 'markdown over 12000 in one message';
  if (list.filter((b) => b.type === 'table').length > 1) return 'only one table per message';
  const actionIds = new Set<string>();
  return list.map((block) => blockProblem(block, actionIds)).find((problem) => problem !== undefined);
}

/** The visible words of a message: markdown, sections, fields, context; the text when it has no blocks. */
export function visibleText(text: string, blocks: Json[]): string {
  if (blocks.length === 0) return text;
  const parts: string[] = [];
  for (const block of blocks) {
    if (block.type === 'markdown') parts.push(String(block.text ?? ''));
    if (block.type === 'section') {
      if (block.text) parts.push(textOf(block.text));
      for (const field of asList(block.fields)) parts.push(textOf(field));
    }
    if (block.type === 'context') for (const element of asList(block.elements)) parts.push(textOf(element));
    if (block.type === 'table') for (const row of asList(block.rows)) parts.push((row as unknown as Json[]).map(cellText).join(' | '));
  }
  return parts.join('\n');
}
