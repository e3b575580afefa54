/**
 * Typed choices of one message. Options (multi-select and select) are numbered 1, 2, ... in block order; buttons
 * get letters, so a button never shares a key with an option and keeps its key from screen to screen and in every
 * language: the first free letter of its action's words, never of its translated label (`confirm` and `form-add`
 * give `[c] Confirm  [a] Add a patent` and `[c] 确认  [a] 添加专利`), and `x` for a button that throws work away
 * (`[x] Cancel`). A typed line of keys (`2`, `1 3 c`, `1,3,4`) ticks the multi-select options it names
 * (replacing the ticks of that multi-select) and chooses the one button or select option it names, if any.
 */
import type { Block, Button, OutgoingMessage } from '../../core/message.js';
import { translatorFor, type Translate } from '../../i18n/index.js';

export type ChoiceEntry =
  | { kind: 'tick'; key: string; blockIndex: number; itemIndex: number; blockId: string; value: string; label: string }
  | { kind: 'select'; key: string; blockIndex: number; itemIndex: number; blockId: string; action: string; value: string; label: string }
  | { kind: 'button'; key: string; blockIndex: number; itemIndex: number; button: Button };

export type Ticks = ReadonlyMap<string, readonly string[]>;

const DESTRUCTIVE_KEY = 'x';

/** Words of an action id that say nothing of the button: the namespace of a form's button (`form-add`). */
const NAMESPACE_WORDS = new Set(['form']);

/**
 * The words of an action id, the one naming the click first: `form-add` gives `add`, `design-more` gives `more`,
 * `design`, and `key:set` gives `set`, `key` (the leading word is the handler's namespace).
 */
const actionWords = (action: string): string[] =>
  action
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '' && !NAMESPACE_WORDS.has(word))
    .reverse();

/**
 * The letter a button is typed with: `x` when it throws work away, else the first free letter of its action's
 * words (initials first), so the letter is the same whatever language the label is in. Buttons sharing one
 * action (the encyclopedia's switches) are told apart by their value's words first (`deepSearch:on`).
 */
function buttonKey(button: Button, taken: Set<string>, sharedAction: boolean): string {
  const free = (ch: string): boolean => /^[a-w]$/.test(ch) && !taken.has(ch);
  if ((button.style === 'danger' || button.confirm) && !taken.has(DESTRUCTIVE_KEY)) return DESTRUCTIVE_KEY;
  const words = [...(sharedAction ? actionWords(button.value).reverse() : []), ...actionWords(button.action)];
  const initials = words.map((word) => word.charAt(0));
  return [...initials, ...words.join(''), ...'abcdefghijklmnopqrstuvw'].find(free) ?? 'z';
}

export function numberChoices(message: OutgoingMessage): ChoiceEntry[] {
  const entries: ChoiceEntry[] = [];
  let options = 0;
  const next = (): string => String((options += 1));
  const taken = new Set<string>();
  const actionCounts = new Map<string, number>();
  for (const block of message.blocks ?? [])
    if (block.type === 'actions') for (const b of block.buttons) actionCounts.set(b.action, (actionCounts.get(b.action) ?? 0) + 1);
  (message.blocks ?? []).forEach((block: Block, blockIndex) => {
    if (block.type === 'multiSelect') {
      block.options.forEach((option, itemIndex) =>
        entries.push({ kind: 'tick', key: next(), blockIndex, itemIndex, blockId: block.id, value: option.value, label: option.label }),
      );
    } else if (block.type === 'select') {
      block.options.forEach((option, itemIndex) =>
        entries.push({
          kind: 'select',
          key: next(),
          blockIndex,
          itemIndex,
          blockId: block.id,
          action: block.action,
          value: option.value,
          label: option.label,
        }),
      );
    } else if (block.type === 'actions') {
      block.buttons.forEach((button, itemIndex) => {
        const key = buttonKey(button, taken, (actionCounts.get(button.action) ?? 0) > 1);
        taken.add(key);
        entries.push({ kind: 'button', key, blockIndex, itemIndex, button });
      });
    }
  });
  return entries;
}

/** "2. Display" shown as option 2 would read "2. 2. Display": an option's own number for its place goes. */
export const ownNumberDropped = (label: string, index: number): string => label.replace(new RegExp(`^\\s*${index + 1}[.)]\\s+`), '');

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

const KEYS = /^\s*(?:\d+|[a-z])(?:[\s,]+(?:\d+|[a-z]))*\s*$/i;

/** The keys of a line made only of option numbers and button letters (`1 3 c`), lower-cased; else undefined. */
export function parseKeys(line: string): string[] | undefined {
  return KEYS.test(line)
    ? line
        .trim()
        .toLowerCase()
        .split(/[\s,]+/)
    : undefined;
}

/** A line of numbers only (form checkboxes). */
export function parseNumbers(line: string): number[] | undefined {
  const keys = parseKeys(line);
  return keys?.every((k) => /^\d+$/.test(k)) ? keys.map(Number) : undefined;
}

/** "1-3, c, e or x": the keys a person may type for a message, in the language of `t`. */
export function describeKeys(entries: readonly ChoiceEntry[], t: Translate): string {
  const numbers = entries.filter((e) => e.kind !== 'button').map((e) => Number(e.key));
  const letters = entries.filter((e) => e.kind === 'button').map((e) => e.key);
  const range = numbers.length === 0 ? [] : [numbers.length === 1 ? String(numbers[0]) : `${Math.min(...numbers)}-${Math.max(...numbers)}`];
  const all = [...range, ...letters];
  return all.length <= 1
    ? (all[0] ?? '')
    : t('console:choice.either', { first: all.slice(0, -1).join(t('console:choice.listSeparator')), last: all.at(-1) ?? '' });
}

export type ChoiceOutcome =
  | { kind: 'error'; text: string }
  /** a button or select option was chosen, with the ticks as they are now */
  | { kind: 'choose'; entry: Extract<ChoiceEntry, { kind: 'button' | 'select' }>; ticks: Map<string, string[]> }
  /** only multi-select options were named: the adapter asks which button follows */
  | { kind: 'ticked'; ticks: Map<string, string[]>; buttons: Extract<ChoiceEntry, { kind: 'button' }>[] };

/** What typed keys do to a message; what is wrong with them is said in the message's language. */
export function resolveKeys(keys: string[], message: OutgoingMessage, ticks: Ticks): ChoiceOutcome {
  const t = translatorFor(message.lang);
  const entries = numberChoices(message);
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const unknown = keys.filter((k) => !byKey.has(k));
  if (unknown.length > 0)
    return {
      kind: 'error',
      text: t('console:choice.unknown', { keys: unknown.join(t('console:choice.listSeparator')), allowed: describeKeys(entries, t) }),
    };
  const picked = keys.map((k) => byKey.get(k)).filter((e): e is ChoiceEntry => e !== undefined);
  const chosen = picked.filter((e): e is Extract<ChoiceEntry, { kind: 'button' | 'select' }> => e.kind !== 'tick');
  if (chosen.length > 1) return { kind: 'error', text: t('console:choice.oneButton') };
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
  const buttons = entries.filter((e): e is Extract<ChoiceEntry, { kind: 'button' }> => e.kind === 'button');
  return { kind: 'ticked', ticks: next, buttons };
}
