/**
 * `/iip count <query> [--collapse-by …] [--collapse-type …] [--collapse-order …] [--share]`, parsed and checked
 * against P001's published values (the schema's field descriptions).
 */
import { charCount, truncate } from '../../core/text.js';
import { formatNumber } from '../../i18n/format.js';
import type { Translate } from '../../i18n/index.js';

/** P001 `query_text`: "maximum length 1,500 characters". */
export const MAX_QUERY_CHARS = 1_500;

export const COLLAPSE_BY = ['APD', 'PBD', 'AUTHORITY', 'SCORE'] as const;
export const COLLAPSE_TYPE = ['ALL', 'APNO', 'DOCDB', 'INPADOC', 'EXTEND'] as const;
export const COLLAPSE_ORDER = ['OLDEST', 'LATEST'] as const;

const ALLOWED: Record<string, readonly string[]> = { 'collapse-by': COLLAPSE_BY, 'collapse-type': COLLAPSE_TYPE, 'collapse-order': COLLAPSE_ORDER };

export interface CountOptions {
  query: string;
  share: boolean;
  collapseBy?: string;
  collapseType?: string;
  collapseOrder?: string;
}

export const usageText = (prefix: string, t: Translate): string =>
  t('count:usage', { prefix, types: COLLAPSE_TYPE.join('|'), by: COLLAPSE_BY.join('|'), order: COLLAPSE_ORDER.join('|') });

const listOf = (values: readonly string[], t: Translate): string => values.map((v) => `\`${v}\``).join(t('count:valueSeparator'));

/** The options, or the problem to show above the usage line. */
export function parseCountArgs(args: string, t: Translate): { options: CountOptions } | { problem: string } {
  const flags: Record<string, string> = {};
  let share = false;
  const queryParts: string[] = [];
  const tokens = args.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const flag = /^--([a-z-]+)(?:=(.*))?$/i.exec(token);
    if (!flag) {
      queryParts.push(token);
      continue;
    }
    const name = flag[1]!.toLowerCase();
    if (name === 'share') {
      share = true;
      continue;
    }
    const allowed = ALLOWED[name];
    if (!allowed)
      return {
        problem: t('count:problem.unknownOption', { name: name.slice(0, 20) }),
      };
    const value = flag[2] ?? tokens[++i];
    if (value === undefined || value.startsWith('--')) return { problem: t('count:problem.needsValue', { name, allowed: listOf(allowed, t) }) };
    const upper = value.toUpperCase();
    if (!allowed.includes(upper))
      return { problem: t('count:problem.notAllowed', { name, allowed: listOf(allowed, t), value: truncate(value.replace(/[`<>]/g, ''), 30) }) };
    flags[name] = upper;
  }
  const query = queryParts.join(' ').trim();
  if (!query) return { problem: t('count:problem.noQuery') };
  const length = charCount(query);
  if (length > MAX_QUERY_CHARS) {
    return {
      problem: t('count:problem.tooLong', { max: formatNumber(MAX_QUERY_CHARS, t.lang), length: formatNumber(length, t.lang) }),
    };
  }
  const order = flags['collapse-order'];
  if (order && (flags['collapse-type'] !== 'APNO' || !['APD', 'PBD'].includes(flags['collapse-by'] ?? ''))) {
    return { problem: t('count:problem.orderNeeds') };
  }
  return {
    options: {
      query,
      share,
      ...(flags['collapse-by'] ? { collapseBy: flags['collapse-by'] } : {}),
      ...(flags['collapse-type'] ? { collapseType: flags['collapse-type'] } : {}),
      ...(order ? { collapseOrder: order } : {}),
    },
  };
}
