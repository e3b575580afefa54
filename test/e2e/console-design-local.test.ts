/**
 * Issue 29, `design` in the terminal with a local image path: the path is not taken as product words; the bot says
 * the platform reads an image from a link only, and nothing is sent to the platform.
 */
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

test('a local image path is refused in words, not searched as product words; nothing reaches the platform', { timeout: 60_000 }, async () => {
  term = await startConsoleBot();
  for (const path of ['~/Pictures/earbuds-case.png', './case.jpg', 'earbuds.webp']) {
    term.type(`design ${path} wireless earbuds case --countries US`);
    await term.until((p) => p.includes(`${path} is a file on this computer`), path);
  }
  expect(withoutPokes(term.printed())).toContain('the platform reads a design image from an `https://` link only');
  // neither help nor the usage shown for a design without a link tells the terminal's user to upload
  term.type('help');
  term.type('design wireless earbuds case');
  await term.until((p) => /Usage: `?design <https image URL>[^\n]*\n/.test(p.split('design wireless earbuds case').at(-1) ?? ''), 'the usage');
  const shown = withoutPokes(term.printed());
  expect(shown).toContain('give an image link, or attach the image in Slack or Teams');
  expect(shown).not.toMatch(/upload the image/i);
  expect(term.requests().filter((r) => r.operation.startsWith('AI39'))).toEqual([]);
  // product words without a path are still product words (with a link, the search starts)
  term.type('design https://example.com/earbuds-case.png wireless earbuds case --countries US');
  await term.until(() => term!.requests().some((r) => r.operation === 'AI39-1'), 'the search');
  expect(term.requests().find((r) => r.operation === 'AI39-1')?.body).toMatchObject({ main_field: 'wireless earbuds case' });
});
