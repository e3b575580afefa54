/**
 * The neutral message model as terminal lines: markdown rendered, fields as aligned `label: value` lines,
 * references numbered `[1] title — url`, context dimmed, buttons as `[c] Confirm  [x] Cancel`, multi-selects
 * with `[x]`/`[ ]` boxes, selects as numbered lists (keys from choices.ts, so what is shown is what is typed).
 */
import type { Block, OutgoingMessage } from '../../core/message.js';
import { translatorFor, type Translate } from '../../i18n/index.js';
import { describeKeys, numberChoices, ownNumberDropped, selectionsOf, type Ticks } from './choices.js';
import { imageLabel, renderInline } from './inline-terminal.js';
import { renderMarkdown, wrapText, type LayoutOptions } from './markdown-terminal.js';
import { displayWidth, padEnd } from './text-width.js';

const rule = (layout: LayoutOptions): string => (layout.style.ansi ? '─' : '-').repeat(Math.min(layout.width ?? 40, 40));

function packButtons(labels: string[], width: number | undefined): string[] {
  const rows: string[] = [];
  let row = '';
  for (const label of labels) {
    if (row && width !== undefined && displayWidth(`${row}  ${label}`) > width) {
      rows.push(row);
      row = label;
    } else row = row ? `${row}  ${label}` : label;
  }
  return row ? [...rows, row] : rows;
}

function renderBlock(
  block: Block,
  index: number,
  layout: LayoutOptions,
  ticks: Ticks,
  keyAt: (b: number, i: number) => string,
  t: Translate,
): string[] {
  const { style } = layout;
  switch (block.type) {
    case 'markdown':
      return renderMarkdown(block.text, layout, t);
    // a terminal has no tables: the aligned text the table carries
    case 'table':
      return renderMarkdown(block.text, layout, t);
    case 'fields': {
      const labelWidth = Math.max(...block.fields.map((f) => displayWidth(t('console:fieldLabel', { label: f.label }))));
      return block.fields.flatMap((f) => {
        const [first = '', ...rest] = f.value.split('\n');
        const hanging = ' '.repeat(labelWidth + 1);
        return [
          ...wrapText(
            `${style.bold(padEnd(t('console:fieldLabel', { label: f.label }), labelWidth))} ${renderInline(first, style, t)}`,
            layout,
            '',
            hanging,
          ),
          ...rest.flatMap((line) => wrapText(renderInline(line, style, t), layout, hanging)),
        ];
      });
    }
    case 'references':
      return [
        ...(block.title ? [style.bold(block.title)] : []),
        ...block.items.flatMap((ref, i) => [
          ...wrapText(`[${i + 1}] ${renderInline(ref.title, style, t)}${ref.url ? ` — ${style.underline(ref.url)}` : ''}`, layout, '', '    '),
          ...(ref.detail ? wrapText(style.dim(renderInline(ref.detail, style, t)), layout, '    ') : []),
        ]),
      ];
    case 'context':
      return block.text.split('\n').flatMap((line) => wrapText(style.dim(renderInline(line, style, t)), layout));
    case 'divider':
      return [style.dim(rule(layout))];
    case 'image':
      return [style.dim(`[${imageLabel(block.alt, t)}] (${block.url})`)];
    case 'actions':
      return packButtons(
        block.buttons.map((b, i) => {
          const label = `[${keyAt(index, i)}] ${b.label}`;
          return b.style === 'primary' ? style.bold(label) : b.style === 'danger' ? style.danger(label) : label;
        }),
        layout.width,
      );
    case 'multiSelect': {
      const ticked = new Set(selectionsOf({ text: '', blocks: [block] }, ticks)[block.id]);
      return [
        style.bold(renderInline(block.label, style, t)),
        ...block.options.flatMap((o, i) =>
          wrapText(
            `${keyAt(index, i)}. [${ticked.has(o.value) ? 'x' : ' '}] ${renderInline(ownNumberDropped(o.label, i), style, t)}${o.description ? style.dim(` — ${o.description}`) : ''}`,
            layout,
            '  ',
            '        ',
          ),
        ),
      ];
    }
    case 'select':
      return [
        style.bold(renderInline(block.label, style, t)),
        ...block.options.flatMap((o, i) =>
          wrapText(
            `${keyAt(index, i)}. ${renderInline(ownNumberDropped(o.label, i), style, t)}${o.value === block.value ? style.dim(t('console:choice.current')) : ''}${o.description ? style.dim(` — ${o.description}`) : ''}`,
            layout,
            '  ',
            '     ',
          ),
        ),
      ];
  }
}

function hint(message: OutgoingMessage, t: Translate): string | undefined {
  const entries = numberChoices(message);
  if (entries.length === 0) return undefined;
  const keys = describeKeys(entries, t);
  if (entries.some((e) => e.kind === 'tick')) {
    const example = entries.find((e) => e.kind === 'button')?.key;
    return example ? t('console:choice.hintTickThenLetter', { example }) : t('console:choice.hintTick');
  }
  return t('console:choice.hintChoose', { keys });
}

/** The body of a message (no header), as lines ready to print; the terminal's words in it are in the message's language. */
export function renderMessage(message: OutgoingMessage, layout: LayoutOptions, ticks: Ticks = new Map()): string[] {
  const t = translatorFor(message.lang);
  const blocks = message.blocks ?? [];
  if (blocks.length === 0) return renderMarkdown(message.text, layout, t);
  const entries = numberChoices(message);
  const keyAt = (b: number, i: number): string => entries.find((e) => e.blockIndex === b && e.itemIndex === i)?.key ?? '?';
  const lines = blocks.flatMap((block, index) => renderBlock(block, index, layout, ticks, keyAt, t));
  const help = hint(message, t);
  return help ? [...lines, layout.style.dim(help.replace(/`/g, ''))] : lines;
}
