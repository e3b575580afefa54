/**
 * What a card's Submit action carries back, under one key so the card's inputs (merged into the same object
 * by Teams, keyed by input id) cannot collide with it. Multi-select values travel as Teams sends them: one
 * comma-joined string, so a choice value's own `,` and `%` are percent-encoded.
 */
import { z } from 'zod';

export const SUBMIT_KEY = 'iip';

export const SubmitData = z.object({
  kind: z.enum(['button', 'select', 'form']),
  action: z.string(),
  value: z.string(),
  /** the chat thread the card belongs to (chats have no reply chain to say it); ignored in channels */
  thread: z.string().optional(),
  /** multi-select input ids whose state travels with a button click */
  multi: z.array(z.string()).optional(),
  /** select: the input holding the choice */
  input: z.string().optional(),
  /** form: the field inputs, checkbox lists marked */
  fields: z.array(z.object({ id: z.string(), multi: z.boolean() })).optional(),
});
export type SubmitData = z.infer<typeof SubmitData>;

export const encodeChoice = (value: string): string => value.replace(/%/g, '%25').replace(/,/g, '%2C');

const decodeChoice = (value: string): string => value.replace(/%2C/gi, ',').replace(/%25/g, '%');

/** A ChoiceSet's submitted value (`"a,b"`, `""`, absent) as the list of chosen values. */
export function decodeChoices(raw: unknown): string[] {
  if (typeof raw !== 'string' || raw.length === 0) return [];
  return raw
    .split(',')
    .filter((part) => part.length > 0)
    .map(decodeChoice);
}

export const decodeSingleChoice = (raw: unknown): string => decodeChoices(raw)[0] ?? '';
