/** `/iip disclosure <technical idea> [--lang en|cn] [--let-others-confirm]`, parsed and checked against AI32-1's limit. */
import { takeOthersFlag } from '../shared/others-confirm.js';
import type { Translate } from '../../i18n/index.js';
import { countWords } from '../../core/text-verbs.js';

/** AI32-1: "a maximum of 5000 words", Chinese or English. */
export const MAX_IDEA_WORDS = 5_000;

export const usageText = (prefix: string, t: Translate): string => t('disclosure:usage', { prefix });

export function parseDisclosureArgs(
  args: string,
  defaultLang: 'en' | 'cn',
  t: Translate,
): { idea: string; lang: 'en' | 'cn'; othersMayConfirm: boolean } | { problem: string } | { usage: true } {
  let lang: string = defaultLang;
  const taken = takeOthersFlag(args, t);
  if ('problem' in taken) return taken;
  const idea = taken.rest
    .replace(/(^|\s)--lang(?:=|\s+)(\S+)/gi, (_m, space: string, value: string) => {
      lang = value.toLowerCase();
      return space;
    })
    .trim();
  const unknown = /(?:^|\s)--([a-z][\w-]*)/i.exec(idea);
  if (unknown?.[1]?.toLowerCase() === 'lang') return { problem: t('disclosure:langNeedsValue') };
  if (unknown) return { problem: t('disclosure:unknownOption', { option: unknown[1]!.slice(0, 20) }) };
  if (lang !== 'en' && lang !== 'cn') return { problem: t('disclosure:badLang') };
  if (!idea) return { usage: true };
  const words = countWords(idea);
  if (words > MAX_IDEA_WORDS) {
    return { problem: t('disclosure:tooLong', { max: MAX_IDEA_WORDS, words }) };
  }
  return { idea, lang, othersMayConfirm: taken.othersMayConfirm };
}
