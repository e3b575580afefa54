/**
 * Numbered choices of one message. Every choosable item gets its own number in block order: multi-select
 * options, select options, then buttons, so that with buttons alone they read `[1] Confirm  [2] Edit  [3] Cancel`.
 * A typed line of numbers (`2`, `1 3`, `1,3,4`) ticks the multi-select options it names (replacing the ticks of
 * that multi-select) and clicks the one button or select option it names, if any.
 */
import type { Block, Button, OutgoingMessage } from '../../core/message.js';

export type ChoiceEntry =
  | { kind: 'tick'; number: number; blockIndex: number; itemIndex: number; blockId: string; value: string; label: string }
  | { kind: 'select'; number: number; blockIndex: number; itemIndex: number; blockId: string; action: string; value: string; label: string }
  | { kind: 'button'; number: number; blockIndex: number; itemIndex: number; button: Button };

export type Ticks = ReadonlyMap<string, readonly string[]>;

export function numberChoices(message: OutgoingMessage): ChoiceEntry[] {
  const entries: ChoiceEntry[] = [];
  (message.blocks ?? []).forEach((block: Block, blockIndex) => {
    const next = (): number => entries.length + 1;
    if (block.type === 'multiSelect') {
      block.options.forEach((option, itemIndex) =>
        entries.push({ kind: 'tick', number: next(), blockIndex, itemIndex, blockId: block.id, value: option.value, label: option.label }),
      );
    } else if (block.type === 'select') {
      block.options.forEach((option, itemIndex) =>
        entries.push({
          kind: 'select',
          number: next(),
          blockIndex,
          itemIndex,
          blockId: block.id,
          action: block.action,
          value: option.value,
          label: option.label,
        }),
      );
    } else if (block.type === 'actions') {
      block.buttons.forEach((button, itemIndex) => entries.push({ kind: 'button', number: next(), blockIndex, itemIndex, button }));
    }
  });
  return entries;
}

export const hasChoices = (message: OutgoingMessage): boolean => numberChoices(message).length > 0;

/** The ticks of every multi-select of a message: the user's, else the message's own `selected`. */
export function selectionsOf(message: OutgoingMessage, ticks: Ticks): Record<string, string[]> {
  const selections: Record<string, string[]> = {};
  for (const block of message.blocks ?? []) {
    if (block.type !== 'multiSelect') continue;
    const values = new Set(block.options.map((o) => o.value));
    selections[block.id] = [...(ticks.get(block.id) ?? block.selected ?? [])].filter((v) => values.has(v));
  }
  return selections;
}

const NUMBERS = /^\s*\d+(?:[\s,]+\d+)*\s*$/;

export function parseNumbers(line: string): number[] | undefined {
  return NUMBERS.test(line)
    ? line
        .trim()
        .split(/[\s,]+/)
        .map(Number)
    : undefined;
}

export type ChoiceOutcome =
  | { kind: 'error'; text: string }
  /** a button or select option was chosen, with the ticks as they are now */
  | { kind: 'choose'; entry: Extract<ChoiceEntry, { kind: 'button' | 'select' }>; ticks: Map<string, string[]> }
  /** only multi-select options were named: the adapter asks which button follows */
  | { kind: 'ticked'; ticks: Map<string, string[]>; buttons: Button[] };

export function resolveNumbers(numbers: number[], message: OutgoingMessage, ticks: Ticks): ChoiceOutcome {
  const entries = numberChoices(message);
  const unknown = numbers.filter((n) => n < 1 || n > entries.length);
  if (unknown.length > 0) return { kind: 'error', text: `No choice ${unknown.join(', ')}: the choices are 1-${entries.length}.` };
  const picked = numbers.map((n) => entries[n - 1]).filter((e): e is ChoiceEntry => e !== undefined);
  const chosen = picked.filter((e): e is Extract<ChoiceEntry, { kind: 'button' | 'select' }> => e.kind !== 'tick');
  if (chosen.length > 1) return { kind: 'error', text: 'Pick one button at a time (you may tick options before it, e.g. `1 3 5`).' };
  const next = new Map<string, string[]>([...ticks].map(([id, values]) => [id, [...values]]));
  const tickedBlocks = new Set<string>();
  for (const entry of picked) {
    if (entry.kind !== 'tick') continue;
    if (!tickedBlocks.has(entry.blockId)) next.set(entry.blockId, []);
    tickedBlocks.add(entry.blockId);
    const values = next.get(entry.blockId) ?? [];
    if (!values.includes(entry.value)) values.push(entry.value);
    next.set(entry.blockId, values);
  }
  const [choice] = chosen;
  if (choice) return { kind: 'choose', entry: choice, ticks: next };
  const buttons = entries.flatMap((e) => (e.kind === 'button' ? [e.button] : []));
  return { kind: 'ticked', ticks: next, buttons };
}
