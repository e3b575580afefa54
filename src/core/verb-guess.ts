/** Single words that look like commands but are none: a typo of a verb (by edit distance), or a word people try. */
import type { Text, Translate } from '../i18n/index.js';

/** Words people type as commands that the bot has no verb for, with what to do instead. */
const KNOWN_NON_VERBS: Readonly<Record<string, Text>> = {
  clear: (t) => t('help:nonVerb.clear'),
  reset: (t) => t('help:nonVerb.reset'),
  restart: (t) => t('help:nonVerb.restart'),
  stop: (t) => t('help:nonVerb.stop'),
  commands: (t) => t('help:nonVerb.commands'),
  menu: (t) => t('help:nonVerb.commands'),
};

export interface WordMistake {
  /** the word as typed, lower-cased */
  word: string;
  /** the verb it is closest to, if it is close to one */
  nearest?: string;
  /** what to do instead, for a known word that is no verb */
  hint?: string;
}

/**
 * Whether `text` is one word that is no verb but a typo of one (`hepl`) or a known word that is none (`clear`, its
 * hint said with `t`); undefined for a verb, for several words (a question), and for a word close to nothing (a
 * one-word question).
 */
export function wordMistake(text: string, verbs: readonly string[], t: Translate): WordMistake | undefined {
  const word = text.trim().toLowerCase();
  if (!/^[a-z]+$/.test(word) || verbs.includes(word)) return undefined;
  const hint = Object.hasOwn(KNOWN_NON_VERBS, word) ? KNOWN_NON_VERBS[word] : undefined;
  if (hint) return { word, hint: hint(t) };
  const nearest = nearestVerb(word, verbs);
  return nearest ? { word, nearest } : undefined;
}

/**
 * A command's text without an invocation the user copied along with it from the README or a colleague's message
 * (`/iip help`, `@iip ask hi`): the chat already knows the message is for the bot.
 */
export const withoutCopiedInvocation = (text: string): string => text.trim().replace(/^[/@]iip(?:\s+|$)/i, '');

/**
 * A command whose first word is one edit away from a verb, with words after it (`noveltty A hinge`): a typo of a
 * command, not a question for the model. Only one edit, not a verb's plural, and a changed letter only in a long
 * word, so a question's first word (`materials that conduct heat`, `court rulings on …`) is not taken for a verb.
 */
export function firstWordMistake(text: string, verbs: readonly string[]): WordMistake | undefined {
  const [first = '', ...rest] = text.trim().split(/\s+/);
  const word = first.toLowerCase();
  if (rest.length === 0 || !/^[a-z]+$/.test(word) || verbs.includes(word)) return undefined;
  const nearest = nearestVerb(word, verbs);
  if (!nearest || word === `${nearest}s` || editDistance(word, nearest) !== 1) return undefined;
  const substitution = word.length === nearest.length && !sameLetters(word, nearest);
  return substitution && word.length < 6 ? undefined : { word, nearest };
}

/** The verb within a typo's reach of `word`: one edit for short words (only swapped letters for three), two from six letters. */
export function nearestVerb(word: string, verbs: readonly string[]): string | undefined {
  let best: { verb: string; distance: number } | undefined;
  for (const verb of verbs) {
    const distance = editDistance(word, verb);
    if (distance > allowedEdits(word, verb)) continue;
    if (!best || distance < best.distance) best = { verb, distance };
  }
  return best?.verb;
}

function allowedEdits(word: string, verb: string): number {
  if (word.length <= 3) return sameLetters(word, verb) ? 1 : 0;
  return word.length >= 6 ? 2 : 1;
}

const sameLetters = (a: string, b: string): boolean => [...a].sort().join('') === [...b].sort().join('');

/** Edits (insert, delete, replace, swap of neighbours) that turn `a` into `b` (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}
