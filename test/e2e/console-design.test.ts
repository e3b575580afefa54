/**
 * Issue 17: the design report in the terminal: the risk countries as AI39-2 defines them (a country with highly
 * and moderately similar designs is not listed twice), the Locarno class labelled by whose it is, and the line
 * drawing saved as a PNG whose path is printed.
 */
import { readFileSync, statSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { startConsoleBot, withoutPokes, type ConsoleBot } from './console-bot.js';

let term: ConsoleBot | undefined;
afterEach(async () => {
  await term?.stop();
  term = undefined;
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function designReport(t: ConsoleBot, run: number, command: string): Promise<string> {
  t.type(command);
  const shown = withoutPokes(await t.until((p) => p.split('Design search report').length > run, 'the report', { timeoutMs: 30_000 }));
  return shown.slice(shown.lastIndexOf(`iip> ${command}`));
}

const countriesIn = (line: string | undefined, label: string): string[] =>
  (new RegExp(`${label}[^:]*\\): ([^·]+)`).exec(line ?? '')?.[1] ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => /^[A-Z]{2}$/.test(c));

test('risk countries, the Locarno class and the line drawing, as the platform returned them', { timeout: 60_000 }, async () => {
  term = await startConsoleBot();
  const first = await designReport(term, 1, 'design https://example.com/earbuds-case.png wireless earbuds case --countries US,EU,JP,CN');
  expect(first).toContain('Locarno class the platform assigned to your product: 14-03');
  const risk = first.split('\n').find((l) => l.startsWith('🔴 High risk (highly similar designs registered): '));
  const high = countriesIn(risk, 'High risk');
  const medium = countriesIn(risk, 'medium risk');
  expect(high.length).toBeGreaterThan(0);
  expect(medium.length).toBeGreaterThan(0);
  expect(medium.filter((c) => high.includes(c))).toEqual([]);

  const saved = /🖼️ Line drawing of your design: saved as (\S+\.png)/.exec(first)?.[1];
  expect(saved).toBeDefined();
  expect(readFileSync(saved!).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(statSync(saved!).mode & 0o777).toBe(0o600);

  term.type('new');
  const second = await designReport(term, 2, 'design https://example.com/earbuds-case.png wireless earbuds case --countries US,EU --loc 14-03');
  expect(second).toContain('Locarno classes you gave: 14-03');
  expect(second).not.toContain('platform assigned');
  // both countries have highly similar designs: the medium line does not repeat them
  expect(second).toContain(
    '🔴 High risk (highly similar designs registered): US, EU · 🟠 medium risk (only moderately similar ones): none besides the high-risk ones',
  );
});
