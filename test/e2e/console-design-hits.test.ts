/**
 * The design report in the terminal, which cannot show a picture from a URL: each similar design's thumbnail
 * (AI39-2 `url_120`) is printed as its link, with the assignee and dates, and Show more is a key to press.
 */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

test('thumbnails as links, assignee and dates; Show more prints the next designs', { timeout: 60_000 }, async () => {
  term = await startConsoleBot();
  term.type('design https://example.com/earbuds-case.png wireless earbuds case --countries US,CN');
  const shown = withoutPokes(await term.until((p) => p.includes('Show more'), 'the report', { timeoutMs: 30_000 }));
  const thumbnails = [...shown.matchAll(/\[image: Thumbnail of (\S+)\] \((https:\/\/images\.example\.com\/designs\/thumb\/\S+_120\.jpg)\)/g)];
  expect(thumbnails).toHaveLength(3);
  for (const [, pn, url] of thumbnails) expect(url).toContain(pn);
  expect(shown.match(/Assignee: .+ · filed \d{4}-\d\d-\d\d · published \d{4}-\d\d-\d\d/g)).toHaveLength(3);
  expect(shown).toContain('Could consumers confuse them:');

  // one count model: found on the platform, the closest listed, the 3 shown, Show more and the next range agree
  const [, found, listed] = /([\d,]+) similar designs found, the (\d+) closest listed here/.exec(shown) ?? [];
  expect(Number(found?.replace(/,/g, ''))).toBeGreaterThan(Number(listed));
  const [, key, left] = /\[(\w)\] Show more \((\d+) left\)/.exec(shown) ?? [];
  expect(key).toBeDefined();
  expect(Number(left)).toBe(Number(listed) - 3);
  term.type(key!);
  const more = withoutPokes(await term.until((p) => p.includes('Similar designs 4–'), 'the next designs', { timeoutMs: 30_000 }));
  const after = more.slice(more.indexOf('Similar designs 4–'));
  expect(after).toContain(`Similar designs 4–${Math.min(Number(listed), 6)} of the ${listed} closest`);
  expect(after).toMatch(/\[image: Thumbnail of \S+\] \(https:\/\/images\.example\.com\/designs\/thumb\//);
  expect(after).toContain('Not analysed in the risk report.');
});
