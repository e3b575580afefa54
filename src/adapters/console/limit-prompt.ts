/**
 * The continuation prompt of an input that goes on over several lines: for a text verb with a platform limit
 * (core/text-verbs.ts), where the text so far stands against it (`… 1,234 / 5,000 `, and how many over), counted as
 * the verb's handler counts it: its own options taken out, characters as code points, disclosure's words.
 */
import { charCount, freeText } from '../../core/text.js';
import { countWords, type TextVerb, textVerb } from '../../core/text-verbs.js';
import { withoutCopiedInvocation } from '../../core/verb-guess.js';
import type { Translate } from '../../i18n/index.js';

/** The prompt while an input goes on over several lines, when there is no limit to show. */
export const CONTINUATION_PROMPT = '… ';

/** What a verb's handler takes out of its arguments before counting its text, and how it cleans what is left. */
interface TextShape {
  /** options followed by a value (`--lang en` or `--lang=en`) */
  valued?: readonly string[];
  /** options without a value */
  switches?: readonly string[];
  /** options only before the text (encyclopedia): a `--` word after it is text */
  leading?: boolean;
  /** a first word that is no part of the text: novelty's `quick`, design's image link */
  first?: RegExp;
  clean: (text: string) => string;
}

const OTHERS = 'let-others-confirm';
const trimmed = (text: string): string => text.trim();
/** design's product words: one space between words, lines not kept */
const words = (text: string): string => text.split(/\s+/).filter(Boolean).join(' ');

const SHAPES: Readonly<Record<string, TextShape>> = {
  ask: { clean: trimmed },
  pharm: { clean: trimmed },
  encyclopedia: { valued: ['source'], switches: ['deep', 'long-think', 'web'], leading: true, clean: trimmed },
  novelty: { valued: ['lang', 'from', 'to'], switches: ['family-merge', OTHERS], first: /^quick(?=\s|$)/i, clean: freeText },
  solution: { valued: ['lang'], switches: [OTHERS], clean: freeText },
  material: { valued: ['lang'], switches: [OTHERS], clean: freeText },
  report: { switches: ['auto-outline', 'auto-directory', OTHERS], clean: freeText },
  disclosure: { valued: ['lang'], switches: [OTHERS], clean: trimmed },
  design: {
    valued: ['countries', 'country', 'loc', 'from', 'lang', 'top'],
    switches: [OTHERS],
    first: /^<?[a-z][a-z0-9+.-]*:\/\/\S*/i,
    clean: words,
  },
};

/** The arguments without the options the shape names (each one, with its value, becomes a space). */
function withoutOptions(args: string, shape: TextShape): string {
  const rest = shape.first ? args.replace(shape.first, ' ') : args;
  const tokens = [...rest.matchAll(/\S+/g)];
  const cuts: { from: number; to: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const flag = /^--([a-z][a-z-]*)(=.*)?$/i.exec(tokens[i]![0]);
    const name = flag?.[1]?.toLowerCase() ?? '';
    const valued = shape.valued?.includes(name) ?? false;
    if (!valued && !shape.switches?.includes(name)) {
      if (shape.leading) break;
      continue;
    }
    const from = tokens[i]!.index;
    if (valued && flag?.[2] === undefined && i + 1 < tokens.length) i++;
    cuts.push({ from, to: tokens[i]!.index + tokens[i]![0].length });
  }
  let text = '';
  let at = 0;
  for (const cut of cuts) {
    text += `${rest.slice(at, cut.from)} `;
    at = cut.to;
  }
  return text + rest.slice(at);
}

/** The text verb an input starts with (a copied `/iip` before it allowed), and its arguments; undefined for any other input. */
export function inputVerb(lines: readonly string[]): { verb: TextVerb; args: string } | undefined {
  const input = withoutCopiedInvocation(lines.join('\n'));
  const first = /^\S+/.exec(input)?.[0] ?? '';
  const verb = textVerb(first.toLowerCase());
  return verb ? { verb, args: input.slice(first.length).trim() } : undefined;
}

/** The length of the text the verb receives: characters (code points), or words for a verb that counts words. */
export function textLength(verb: TextVerb, args: string): number {
  const shape = SHAPES[verb.verb] ?? { clean: trimmed };
  const text = shape.clean(withoutOptions(args, shape));
  return verb.maxWords === undefined ? charCount(text) : countWords(text);
}

/** The continuation prompt for the lines of the input so far (the line being typed included), in the language of `t`. */
export function continuationPrompt(lines: readonly string[], t: Translate): string {
  const found = inputVerb(lines);
  const max = found?.verb.maxChars ?? found?.verb.maxWords;
  if (!found || max === undefined) return CONTINUATION_PROMPT;
  const length = textLength(found.verb, found.args);
  const unit = found.verb.maxWords === undefined ? 'chars' : 'words';
  const key = length > max ? (`${unit}Over` as const) : unit;
  return `${CONTINUATION_PROMPT}${t(`console:limit.${key}`, { length, max, over: length - max })} `;
}
