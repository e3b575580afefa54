/** `<problem> [--lang en|cn] [--let-others-confirm]`: the arguments of the solution and material commands. */

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
): ProblemArgs | { refusal: string } {
  let lang: string = defaultLang;
  let othersMayConfirm = false;
  const problem = args
    .replace(/(?:^|\s)--let-others-confirm(?=\s|$)/i, () => {
      othersMayConfirm = true;
      return ' ';
    })
    .replace(/(?:^|\s)--lang(?:=|\s+)(\S*)/i, (_all, value: string) => {
      lang = value.toLowerCase();
      return ' ';
    })
    .replace(/[ \t]+/g, ' ')
    .trim();
  if (lang !== 'en' && lang !== 'cn') return { refusal: '`--lang` must be `en` or `cn`.' };
  if (!problem) return { refusal: `Describe the ${limits.noun}.` };
  const length = Array.from(problem).length;
  if (length > limits.maxChars) {
    return {
      refusal: `The ${limits.noun} can be at most ${limits.maxChars} characters${limits.platformLimit ? " (the platform's limit)" : ''}; yours has ${length}.`,
    };
  }
  return { problem, lang, othersMayConfirm };
}

/** What the thread's first message says when the starter let others confirm. */
export const othersNote = (othersMayConfirm: boolean): string => (othersMayConfirm ? ' Anyone in the channel may confirm the steps.' : '');
