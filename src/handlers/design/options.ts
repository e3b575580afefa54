/**
 * `/iip design [<https image URL>] [product words] [--countries US,CN] [--loc 14-03] [--from YYYYMMDD] [--lang en|cn]
 * [--let-others-confirm]`,
 * parsed and checked against AI39-1's fields: `country` (codes such as US, CN, JP, KR, AU, EU), `loc_items`
 * (Locarno classes), `main_field` (the product words), `apply_start_time` (yyyyMMdd).
 */
import { OTHERS_FLAG, othersData, takeOthersFlag } from '../shared/others-confirm.js';
import { DESIGN_COUNTRIES } from '../../platform/design-countries.js';
import { MAX_TOP } from './report.js';
import type { Translate } from '../../i18n/index.js';
import { truncate } from '../../core/text.js';

export const DEFAULT_COUNTRIES = ['US', 'CN', 'EU', 'JP', 'KR'];
const MAX_COUNTRIES = 20;
const MAX_LOC = 10;
export const MAX_FIELD_CHARS = 200;
const MAX_URL_CHARS = 2_000;

export interface DesignOptions {
  /** absent: the image is uploaded to the thread */
  url?: string;
  countries: string[];
  loc?: string[];
  field?: string;
  from?: string;
  lang: 'en' | 'cn';
  /** `--top N`: how many similar designs the report shows before Show more */
  top?: number;
  /** `--let-others-confirm`: anyone in the channel may confirm the steps and upload the image */
  othersMayConfirm?: boolean;
}

/** The usage line; the upload advice only where the chat lets the bot read an uploaded image (`canUpload`). */
export const usageText = (prefix: string, t: Translate, canUpload = true, localFiles = false): string =>
  t('design:usage', {
    prefix,
    countries: DEFAULT_COUNTRIES.join(','),
    upload: (canUpload ? t('design:usageUpload') : '') + (localFiles ? t('design:usageLocal', { prefix }) : ''),
  });

function isDate(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const [y, m, d] = [Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6, 8))];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Slack shows a pasted link as `<https://…>` or `<https://…|label>`. */
const unwrapLink = (token: string): string => /^<([^|>]+)(\|[^>]*)?>$/.exec(token)?.[1] ?? token;

function checkUrl(raw: string, t: Translate): { url: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: t('design:option.badUrl') };
  }
  if (url.protocol !== 'https:') return { problem: t('design:option.notHttps') };
  if (url.username || url.password) return { problem: t('design:option.credentials') };
  if (raw.length > MAX_URL_CHARS) return { problem: t('design:option.longUrl', { max: MAX_URL_CHARS }) };
  return { url: url.toString() };
}

const list = (value: string): string[] =>
  value
    .split(/[,;]/)
    .map((v) => v.trim().toUpperCase())
    .filter(Boolean);

export function parseDesignArgs(args: string, defaultLang: 'en' | 'cn', t: Translate): { options: DesignOptions } | { problem: string } {
  const taken = takeOthersFlag(args, t);
  if ('problem' in taken) return taken;
  const tokens = taken.rest.trim().split(/\s+/).filter(Boolean);
  const flags: Record<string, string> = {};
  const words: string[] = [];
  let url: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = unwrapLink(tokens[i]!);
    const flag = /^--([a-z][a-z-]*)(?:=(.*))?$/i.exec(token);
    if (!flag) {
      if (!url && words.length === 0 && /^[a-z][a-z0-9+.-]*:\/\//i.test(token)) {
        const checked = checkUrl(token, t);
        if ('problem' in checked) return checked;
        url = checked.url;
      } else words.push(token);
      continue;
    }
    const name = flag[1]!.toLowerCase();
    if (!['countries', 'country', 'loc', 'from', 'lang', 'top'].includes(name)) {
      return { problem: t('design:option.unknown', { name: truncate(name, 20), others: OTHERS_FLAG }) };
    }
    const value = flag[2] ?? tokens[++i];
    if (value === undefined || value.startsWith('--')) return { problem: t('design:option.needsValue', { name }) };
    flags[name === 'country' ? 'countries' : name] = value;
  }
  const countries = flags.countries === undefined ? DEFAULT_COUNTRIES : [...new Set(list(flags.countries))];
  const badCountry = countries.find((c) => !/^[A-Z]{2}$/.test(c));
  if (badCountry !== undefined || countries.length === 0) {
    return { problem: t('design:option.countries', { bad: badCountry ? t('design:option.notOne', { value: truncate(badCountry, 10) }) : '' }) };
  }
  if (countries.length > MAX_COUNTRIES) return { problem: t('design:option.tooManyCountries', { max: MAX_COUNTRIES }) };
  const unsupported = countries.filter((c) => !DESIGN_COUNTRIES.includes(c));
  if (unsupported.length > 0) {
    return {
      problem: t('design:option.unsupported', {
        count: unsupported.length,
        supported: DESIGN_COUNTRIES.join(t('design:listSeparator')),
        codes: truncate(unsupported.join(','), 30),
      }),
    };
  }
  const top = flags.top === undefined ? undefined : Number(flags.top);
  if (top !== undefined && !(Number.isInteger(top) && top >= 1 && top <= MAX_TOP)) {
    return { problem: t('design:option.top', { max: MAX_TOP }) };
  }
  const loc = flags.loc === undefined ? undefined : [...new Set(list(flags.loc))];
  const badLoc = loc?.find((l) => !/^\d{2}-\d{2}$/.test(l));
  if (loc && (badLoc !== undefined || loc.length === 0 || loc.length > MAX_LOC)) {
    return { problem: t('design:option.loc', { max: MAX_LOC, bad: badLoc ? t('design:option.notOne', { value: truncate(badLoc, 10) }) : '' }) };
  }
  if (flags.from !== undefined && !isDate(flags.from)) return { problem: t('design:option.from') };
  const lang = (flags.lang ?? defaultLang).toLowerCase();
  if (lang !== 'en' && lang !== 'cn') return { problem: t('design:option.badLang') };
  const field = words.join(' ').trim();
  if (field.length > MAX_FIELD_CHARS) return { problem: t('design:option.longField', { max: MAX_FIELD_CHARS }) };
  return {
    options: {
      countries,
      lang,
      ...(url ? { url } : {}),
      ...(loc ? { loc } : {}),
      ...(field ? { field } : {}),
      ...(flags.from ? { from: flags.from } : {}),
      ...(top !== undefined ? { top } : {}),
      ...othersData(taken.othersMayConfirm),
    },
  };
}
