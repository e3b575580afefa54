/**
 * The verbs that start from a text (a message, a pasted claim set): what a shortcut or a message action offers,
 * whether the verb takes `--lang`, and the platform's limit on its text, so a chat can show the characters left
 * before anything is sent. The handlers enforce the same limits (test/core/text-verbs.test.ts checks they agree).
 */
import { charCount } from './text.js';

export interface TextVerb {
  verb: string;
  /** takes `--lang en|cn` */
  lang: boolean;
  /** the most characters (code points) its text may have; disclosure counts words instead (`maxWords`) */
  maxChars?: number;
  maxWords?: number;
  /** the text may be empty (design: its text is the product words; what it needs is an image) */
  textOptional?: boolean;
  /** takes the message's image (design) */
  image?: boolean;
}

export const TEXT_VERBS: readonly TextVerb[] = [
  { verb: 'ask', lang: false, maxChars: 500 }, // AI07 prompt: "No more than 500 character"
  { verb: 'pharm', lang: false, maxChars: 16_000 }, // AI20 query: "No more than 16000 character"
  { verb: 'encyclopedia', lang: false, maxChars: 16_000 },
  { verb: 'novelty', lang: true, maxChars: 5_000 },
  { verb: 'solution', lang: true, maxChars: 500 }, // AI33-1 solution_issues: "length limit 500 characters"
  { verb: 'report', lang: false, maxChars: 2_000 },
  { verb: 'disclosure', lang: true, maxWords: 5_000 }, // AI32-1: "a maximum of 5000 words"
  { verb: 'material', lang: true, maxChars: 2_000 },
  // AI39-1 main_field: the product words beside the image the message carries (or a link in the text)
  { verb: 'design', lang: true, maxChars: 200, textOptional: true, image: true },
];

export const textVerb = (verb: string): TextVerb | undefined => TEXT_VERBS.find((v) => v.verb === verb);

/** The characters `text` has beyond the verb's limit (0 when within it, or when the verb counts words). */
export function charsOver(verb: TextVerb, text: string): number {
  return verb.maxChars === undefined ? 0 : Math.max(0, charCount(text.trim()) - verb.maxChars);
}

/** Words as the platform counts them: a CJK character is a word, otherwise runs of letters and digits. */
export function countWords(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const other =
    text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)?.length ??
    0;
  return cjk + other;
}

/** The words `text` has beyond the verb's limit (0 when within it, or when the verb counts characters). */
export function wordsOver(verb: TextVerb, text: string): number {
  return verb.maxWords === undefined ? 0 : Math.max(0, countWords(text.trim()) - verb.maxWords);
}

/** The command a shortcut or a message action composes: the verb, the text as written (its lines kept), the language. */
export function composeCommand(verb: TextVerb, text: string, lang: string | undefined): string {
  const language = verb.lang && (lang === 'en' || lang === 'cn') ? ` --lang ${lang}` : '';
  // the text on its own lines: an option typed inside it stays text the verb reads, as in a slash command
  const body = text.trim();
  return `${verb.verb}${body ? `\n${body}` : ''}${language ? `\n${language.trim()}` : ''}`;
}
