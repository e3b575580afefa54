/** The one Retry-After parser: delta-seconds and HTTP dates as milliseconds, anything else as undefined. */
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/lib/retry-after.js';

const NOW = Date.parse('2024-05-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delta-seconds as milliseconds', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
  });

  it('tolerates a decimal part, rounded to whole milliseconds', () => {
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
    expect(parseRetryAfter('0.0004', NOW)).toBe(0);
  });

  it('reads an HTTP date as the time from now until then', () => {
    expect(parseRetryAfter('Wed, 01 May 2024 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Wed, 01 May 2024 12:00:00 GMT', NOW)).toBe(0);
  });

  it('gives no wait for a date already past', () => {
    expect(parseRetryAfter('Wed, 01 May 2024 11:59:00 GMT', NOW)).toBeUndefined();
  });

  it('gives undefined for an absent, blank or unreadable value', () => {
    for (const value of [undefined, '', '   ', 'soon', '-5', '1e3', '0x10', 'Infinity']) {
      expect(parseRetryAfter(value, NOW)).toBeUndefined();
    }
  });

  it('measures dates from the current time by default', () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const ms = parseRetryAfter(inTenSeconds);
    expect(ms).toBeGreaterThan(8_000);
    expect(ms).toBeLessThanOrEqual(10_000);
  });
});
