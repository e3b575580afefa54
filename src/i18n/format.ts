/**
 * Numbers, dates and durations written for a language with Intl (never by hand): `1,234` / `1,234`,
 * `Nov 24, 2025, 6:38 AM UTC` / `2025年11月24日 UTC 06:38`, `2 hours, 5 minutes` / `2小时5分钟`, `3 minutes ago` /
 * `3分钟前`, `2.5 MB`. Each is given the language it writes for.
 */
import type { Lang } from './index.js';

/** The BCP 47 locale Intl formats a language in. */
export const localeOf = (lang: Lang): string => (lang === 'zh' ? 'zh-CN' : 'en-US');

export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(localeOf(lang)).format(value);
}

/** A moment as date and time in UTC, which the bot cannot know the user's time zone better than; named so. */
export function formatDateTime(epochMs: number, lang: Lang): string {
  const formatted = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(epochMs);
  return `${formatted} UTC`;
}

/** A day in UTC, as the language writes it: `Jan 2, 2025` / `2025年1月2日`. */
export function formatDate(epochMs: number, lang: Lang): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(epochMs);
}

/** A file's size in MB (one decimal) from a mebibyte up, else in whole kB (at least 1): `2.5 MB`, `12 kB`. */
export function formatFileSize(bytes: number, lang: Lang): string {
  const mega = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    minimumFractionDigits: mega ? 1 : 0,
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));
}

const UNITS = [
  { unit: 'day', ms: 86_400_000 },
  { unit: 'hour', ms: 3_600_000 },
  { unit: 'minute', ms: 60_000 },
  { unit: 'second', ms: 1_000 },
] as const;

/** A length of time in its two largest units, e.g. `2 hours, 5 minutes`; under a second it is `0 seconds`. */
export function formatDuration(ms: number, lang: Lang): string {
  const locale = localeOf(lang);
  let rest = Math.max(0, Math.round(ms / 1000) * 1000);
  const parts: string[] = [];
  for (const { unit, ms: size } of UNITS) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0 || (unit === 'second' && parts.length === 0)) {
      parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount));
    }
    if (parts.length === 2) break;
  }
  return new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(parts);
}

/** How long ago (negative) or ahead a moment is from `now`, in the largest whole unit: `3 minutes ago`, `in 2 hours`. */
export function formatRelative(epochMs: number, now: number, lang: Lang): string {
  const diff = epochMs - now;
  const format = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: 'auto' });
  for (const { unit, ms: size } of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') return format.format(Math.trunc(diff / size), unit);
  }
  return format.format(0, 'second');
}
