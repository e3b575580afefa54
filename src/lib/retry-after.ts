/** Parses an HTTP `Retry-After` value (delta-seconds or an HTTP date) into milliseconds; pure, imports nothing from src. */

/** Delta-seconds as RFC 9110 writes them (`120`); a decimal part (`1.5`) is tolerated, a sign or exponent is not. */
const DELTA_SECONDS = /^\d+(\.\d+)?$/;

/**
 * How long a server asks to wait, in whole milliseconds: `Retry-After: 120` is 120,000; an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`) is the time from `now` until then. Undefined when the value is absent,
 * blank or unreadable, and for a date already past: there is then no wait to honour, so the caller's own
 * default applies.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (DELTA_SECONDS.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date) || date < now) return undefined;
  return date - now;
}
