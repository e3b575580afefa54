/**
 * `/iip novelty [quick] <technical idea> [--lang en|cn] [--from YYYYMMDD] [--to YYYYMMDD] [--family-merge]
 * [--let-others-confirm]`, parsed and checked.
 */
import { charCount, freeText } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';

export interface NoveltyOptions {
  quick: boolean;
  idea: string;
  lang: 'en' | 'cn';
  /** publication date range, YYYYMMDD */
  from?: string;
  to?: string;
  /** AI35-7 family_merge_enabled: one hit per patent family */
  familyMerge?: boolean;
  /** `--let-others-confirm`: anyone in the channel may confirm the steps */
  othersMayConfirm?: boolean;
}

/** No published limit for AI35-1's input; a Slack command carries a few thousand characters at most anyway. */
export const MAX_IDEA_CHARS = 5_000;
export const MIN_IDEA_CHARS = 10;

export const usageText = (prefix: string, t: Translate): string => t('novelty:usage', { prefix });

function isDate(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const [y, m, d] = [Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8))];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1800 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The options, or the problem to show above the usage line. */
export function parseNoveltyArgs(args: string, defaultLang: 'en' | 'cn', t: Translate): { options: NoveltyOptions } | { problem: string } {
  const flags: Record<string, string> = {};
  const ideaParts: string[] = [];
  let rest = args.trim();
  const quick = /^quick(\s|$)/i.test(rest);
  if (quick) rest = rest.slice('quick'.length);
  const tokens = [...rest.matchAll(/\S+/g)];
  let last = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]![0];
    const flag = /^--([a-z][a-z-]*)(?:=(.*))?$/i.exec(token);
    if (!flag) continue;
    const name = flag[1]!.toLowerCase();
    if (!['lang', 'from', 'to', 'family-merge', 'let-others-confirm'].includes(name))
      return { problem: t('novelty:option.unknown', { name: name.slice(0, 20) }) };
    let value = flag[2];
    const start = tokens[i]!.index;
    ideaParts.push(rest.slice(last, start));
    if (name === 'family-merge' || name === 'let-others-confirm') {
      if (value !== undefined) return { problem: t('novelty:option.noValue', { name }) };
      flags[name] = 'yes';
      last = start + token.length;
      continue;
    }
    if (value === undefined) value = tokens[++i]?.[0];
    last = i < tokens.length ? tokens[i]!.index + tokens[i]![0].length : rest.length;
    if (value === undefined || value.startsWith('--')) return { problem: t('novelty:option.needsValue', { name }) };
    flags[name] = value;
  }
  ideaParts.push(rest.slice(last));
  const idea = freeText(ideaParts.join(' '));
  const lang = (flags.lang ?? defaultLang).toLowerCase();
  if (lang !== 'en' && lang !== 'cn') return { problem: t('novelty:option.badLang') };
  for (const name of ['from', 'to'] as const) {
    const value = flags[name];
    if (value !== undefined && !isDate(value)) return { problem: t('novelty:option.badDate', { name }) };
  }
  if (flags.from && flags.to && flags.from > flags.to) return { problem: t('novelty:option.fromAfterTo') };
  const length = charCount(idea);
  if (length < MIN_IDEA_CHARS) return { problem: t('novelty:option.tooShort') };
  if (length > MAX_IDEA_CHARS) return { problem: t('novelty:option.tooLong', { max: MAX_IDEA_CHARS, length }) };
  const dates = { ...(flags.from ? { from: flags.from } : {}), ...(flags.to ? { to: flags.to } : {}) };
  const switches = { ...(flags['family-merge'] ? { familyMerge: true } : {}), ...(flags['let-others-confirm'] ? { othersMayConfirm: true } : {}) };
  return { options: { quick, idea, lang, ...dates, ...switches } };
}
