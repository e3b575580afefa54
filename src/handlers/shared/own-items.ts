/**
 * The recommended items a user ticks plus their own, one per line ("Add your own"): the confirmed input of the
 * solution (AI33) and material (AI73) steps, and the form that asks for both.
 */
import { quoteUserText, type FormField } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import { FormProblem, type FormDefinition, type WorkflowData } from '../workflow/index.js';
import { tickedPositions } from './platform-values.js';
import type { Text, Translate } from '../../i18n/index.js';

export interface Picked {
  /** positions of the ticked recommended items */
  chosen: number[];
  /** the user's own items, in the order typed */
  own: string[];
}

export const MAX_OWN = 10;
export const MAX_OWN_CHARS = 300;
const KEEP = 'keep';
const OWN = 'own';

/** The confirmed input, also as older records kept it (the positions alone). */
export const pickedOf = (draft: Picked | number[] | undefined): Picked | undefined =>
  draft === undefined ? undefined : Array.isArray(draft) ? { chosen: draft, own: [] } : draft;

/** The typed lines, trimmed, blank and repeated ones dropped; too many or too long is refused with the limit. */
export function ownLines(value: string | string[] | undefined, t: Translate): string[] {
  const text = Array.isArray(value) ? value.join('\n') : (value ?? '');
  const lines = [...new Set(text.split(/\r?\n/).map((l) => l.replace(/\s+/g, ' ').trim()))].filter(Boolean);
  if (lines.length > MAX_OWN) throw new FormProblem(t('shared:ownItems.tooMany', { max: MAX_OWN, count: lines.length }));
  const long = lines.find((l) => l.length > MAX_OWN_CHARS);
  if (long) throw new FormProblem(t('shared:ownItems.lineTooLong', { max: MAX_OWN_CHARS, line: truncate(long, 40), length: long.length }));
  return lines;
}

/** The ticked list as confirmed: every recommended item marked, then the user's own. */
export function pickedList(items: string[], picked: Picked, t: Translate): string {
  const recommended = items.map((text, i) => `${picked.chosen.includes(i) ? '☑' : '☐'} ${quoteUserText(text)}`);
  return [...recommended, ...picked.own.map((text) => `☑ ${quoteUserText(text)} ${t('shared:ownItems.yours')}`)].join('\n');
}

/** The "Add your own" form: the recommended items to keep (ticked as `initial` says) and a line per own item. */
export function ownItemsForm<D extends WorkflowData, R>(options: {
  title: Text;
  submitLabel: Text;
  keepLabel: Text;
  ownLabel: Text;
  items: (result: R, t: Translate) => string[];
  initial: (result: R) => number[];
}): FormDefinition<D, R, Picked> {
  return {
    button: (t) => t('shared:ownItems.button'),
    title: options.title,
    submitLabel: options.submitLabel,
    submits: 'review',
    fields(result, draft, sc): FormField[] {
      const { t } = sc.ctx;
      const items = options.items(result, t);
      const picked = pickedOf(draft);
      const keep: FormField[] = items.length
        ? [
            {
              id: KEEP,
              label: options.keepLabel(t),
              kind: 'checkboxes',
              options: items.map((text, i) => ({ value: String(i), label: truncate(`${i + 1}. ${text}`, 75) })),
              initial: (picked?.chosen ?? options.initial(result)).map(String),
              optional: true,
            },
          ]
        : [];
      return [
        ...keep,
        { id: OWN, label: options.ownLabel(t), kind: 'multiline', optional: true, maxLength: 3000, initial: picked?.own.join('\n') ?? '' },
      ];
    },
    apply(fields, result, _draft, sc) {
      const { t } = sc.ctx;
      const length = options.items(result, t).length;
      const chosen = length ? (tickedPositions(asList(fields[KEEP]), length) ?? []) : [];
      const own = ownLines(fields[OWN], t);
      if (chosen.length === 0 && own.length === 0) throw new FormProblem(t('shared:ownItems.noneKept'));
      return { chosen, own };
    },
  };
}

const asList = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : value ? [value] : []);
