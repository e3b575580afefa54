/**
 * The shortcut modal's text over Slack's 3,000-character input: a longer message is split over several fields at
 * line breaks (spaces when a line is longer), the separators kept so a submission joins the fields back into the
 * text the message had; beyond what any verb takes, the rest is left out and the modal says so. The hint under the
 * text counts it against each verb's platform limit.
 */
import { charCount } from '../../../core/text.js';
import { TEXT_VERBS, type TextVerb } from '../../../core/text-verbs.js';
import { formatNumber } from '../../../i18n/format.js';
import type { Translate } from '../../../i18n/index.js';
import { SLACK_LIMITS } from './limits.js';
import { truncate } from './text.js';

/** The most a plain_text_input holds (Slack's max_length and initial_value limit). */
export const PART_MAX = SLACK_LIMITS.plainTextInput;
/** The most text any verb takes, and the fields that hold it with room for the splits at line breaks. */
export const MOST_ANY_VERB_TAKES = Math.max(...TEXT_VERBS.map((v) => v.maxChars ?? 0));
export const MAX_PARTS = Math.ceil(MOST_ANY_VERB_TAKES / PART_MAX) + 1;
/** Slack's limit on an input's hint. */
const HINT_MAX = 2_000;

export interface SplitText {
  parts: string[];
  /** what joins part i and part i+1 (the line break or space the split took out) */
  joins: string[];
  /** the message's length, and how many of its characters no field holds */
  length: number;
  omitted: number;
}

/** Where to cut `rest` so the first piece fits a field: after its last line break, else its last space, else anywhere. */
function cutAt(rest: string): { end: number; join: string } {
  const window = rest.slice(0, PART_MAX + 1);
  const newline = window.lastIndexOf('\n');
  if (newline > 0) return { end: newline, join: '\n' };
  const space = window.lastIndexOf(' ');
  if (space > 0) return { end: space, join: ' ' };
  // a surrogate pair is never cut in two
  const end = /[\uD800-\uDBFF]/.test(rest.charAt(PART_MAX - 1)) ? PART_MAX - 1 : PART_MAX;
  return { end, join: '' };
}

export function splitText(text: string): SplitText {
  const whole = text.trim();
  const parts: string[] = [];
  const joins: string[] = [];
  let rest = whole;
  while (rest.length > PART_MAX && parts.length < MAX_PARTS - 1) {
    const { end, join } = cutAt(rest);
    parts.push(rest.slice(0, end));
    joins.push(join);
    rest = rest.slice(end + join.length);
  }
  const last = rest.length > PART_MAX ? rest.slice(0, PART_MAX) : rest;
  parts.push(last);
  return { parts, joins, length: charCount(whole), omitted: charCount(rest) - charCount(last) };
}

/** The fields' values joined back with the separators the split took out. */
export const joinParts = (parts: string[], joins: string[]): string =>
  parts.map((part, i) => (i < parts.length - 1 ? part + (joins[i] ?? '\n') : part)).join('');

function leftFor(verb: TextVerb, length: number, t: Translate): string | undefined {
  if (verb.maxChars === undefined) return undefined;
  const left = verb.maxChars - length;
  return left >= 0 ? `${verb.verb} ${formatNumber(left, t.lang)}` : t('slack:shortcut.over', { verb: verb.verb, by: formatNumber(-left, t.lang) });
}

/** The text's hint: its length and, verb by verb, the characters left before the platform's limit. */
export function charactersLeftHint(text: string, t: Translate): string {
  const length = charCount(text.trim());
  const left = TEXT_VERBS.map((v) => leftFor(v, length, t)).filter((s): s is string => s !== undefined);
  return truncate(t('slack:shortcut.left', { length: formatNumber(length, t.lang), left: left.join(' · ') }), HINT_MAX);
}

/** What the modal says about a message longer than one field, or undefined when it fits. */
export function splitNotice(split: SplitText, t: Translate): string | undefined {
  if (split.omitted > 0)
    return t('slack:shortcut.longCut', {
      length: formatNumber(split.length, t.lang),
      most: formatNumber(MOST_ANY_VERB_TAKES, t.lang),
      kept: formatNumber(split.length - split.omitted, t.lang),
    });
  if (split.parts.length > 1)
    return t('slack:shortcut.long', { length: formatNumber(split.length, t.lang), max: formatNumber(PART_MAX, t.lang), parts: split.parts.length });
  return undefined;
}
