/**
 * `/iip count <query> [--collapse-by …] [--collapse-type …] [--collapse-order …] [--share]`, parsed and checked
 * against P001's published values (the schema's field descriptions).
 */

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

export const usageText = (prefix: string): string =>
  `Usage: \`${prefix}count <search query> [--collapse-type ${COLLAPSE_TYPE.join('|')}] [--collapse-by ${COLLAPSE_BY.join('|')}] [--collapse-order ${COLLAPSE_ORDER.join('|')}] [--share]\``;

const listOf = (values: readonly string[]): string => values.map((v) => `\`${v}\``).join(', ');

/** The options, or the problem to show above the usage line. */
export function parseCountArgs(args: string): { options: CountOptions } | { problem: string } {
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
        problem: `Unknown option \`--${name.slice(0, 20)}\`. Options: \`--collapse-type\`, \`--collapse-by\`, \`--collapse-order\`, \`--share\`.`,
      };
    const value = flag[2] ?? tokens[++i];
    if (value === undefined || value.startsWith('--')) return { problem: `\`--${name}\` needs a value: one of ${listOf(allowed)}.` };
    const upper = value.toUpperCase();
    if (!allowed.includes(upper))
      return { problem: `\`--${name}\` must be one of ${listOf(allowed)}; \`${value.replace(/[`<>]/g, '').slice(0, 30)}\` is not.` };
    flags[name] = upper;
  }
  const query = queryParts.join(' ').trim();
  if (!query) return { problem: 'Give a search query to count.' };
  if (query.length > MAX_QUERY_CHARS) {
    return {
      problem: `The query can be at most ${MAX_QUERY_CHARS.toLocaleString('en-US')} characters (P001's limit); yours has ${query.length.toLocaleString('en-US')}.`,
    };
  }
  const order = flags['collapse-order'];
  if (order && (flags['collapse-type'] !== 'APNO' || !['APD', 'PBD'].includes(flags['collapse-by'] ?? ''))) {
    return { problem: '`--collapse-order` applies only with `--collapse-type APNO` and `--collapse-by APD` or `PBD`.' };
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
