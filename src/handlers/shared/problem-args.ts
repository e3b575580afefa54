/** `<problem> [--lang en|cn] [--let-others-confirm]`: the arguments of the solution and material commands. */
import { charCount, freeText } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';

export interface ProblemArgs {
  problem: string;
  lang: 'en' | 'cn';
  /** `--let-others-confirm`: anyone in the channel may confirm the steps, not only the starter */
  othersMayConfirm: boolean;
}

/** The problem and language, or what is wrong with the command. */
export function parseProblemArgs(
  args: string,
  defaultLang: 'en' | 'cn',
  limits: { noun: string; maxChars: number; platformLimit?: boolean },
  t: Translate,
): ProblemArgs | { refusal: string } {
  let lang: string = defaultLang;
  let othersMayConfirm = false;
  const stripped = args
    // the space before an option stays (a newline keeps its line break)
    .replace(/(^|\s)--let-others-confirm(?=\s|$)/i, (_all, space: string) => {
      othersMayConfirm = true;
      return space || ' ';
    })
    .replace(/(^|\s)--lang(?:=|[ \t]+|\n)(\S*)/i, (_all, space: string, value: string) => {
      lang = value.toLowerCase();
      return space || ' ';
    });
  const problem = freeText(stripped);
  if (lang !== 'en' && lang !== 'cn') return { refusal: t('shared:args.badLang') };
  if (!problem) return { refusal: t('shared:args.describe', { noun: limits.noun }) };
  const length = charCount(problem);
  if (length > limits.maxChars) {
    const words = { noun: limits.noun, max: limits.maxChars, length };
    return { refusal: limits.platformLimit ? t('shared:args.tooLongPlatform', words) : t('shared:args.tooLong', words) };
  }
  return { problem, lang, othersMayConfirm };
}

/** What the thread's first message says when the starter let others confirm. */
export const othersNote = (othersMayConfirm: boolean, t: Translate): string => (othersMayConfirm ? t('shared:othersNote') : '');
