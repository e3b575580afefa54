/**
 * The verbs that start from a text (a message, a pasted claim set): what a shortcut or a message action offers,
 * whether the verb takes `--lang`, and the platform's limit on its text, so a chat can show the characters left
 * before anything is sent. The handlers enforce the same limits (test/core/text-verbs.test.ts checks they agree).
 */

export interface TextVerb {
  verb: string;
  /** takes `--lang en|cn` */
  lang: boolean;
  /** the most characters (code points) its text may have; disclosure counts words instead (`maxWords`) */
  maxChars?: number;
  maxWords?: number;
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
];

export const textVerb = (verb: string): TextVerb | undefined => TEXT_VERBS.find((v) => v.verb === verb);

/** The command a shortcut or a message action composes: the verb, the text as written (its lines kept), the language. */
export function composeCommand(verb: TextVerb, text: string, lang: string | undefined): string {
  const language = verb.lang && (lang === 'en' || lang === 'cn') ? ` --lang ${lang}` : '';
  // the text on its own lines: an option typed inside it stays text the verb reads, as in a slash command
  return `${verb.verb}\n${text.trim()}${language ? `\n${language.trim()}` : ''}`;
}
