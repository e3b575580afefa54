/**
 * The platform's character limits counted as the platform counts them (code points), through the real Slack app
 * and the simulator over HTTP (which refuses what is over its limits): a question, query or problem of exactly the
 * limit in emoji and CJK reaches the platform whole; one character more is refused with its length, nothing sent.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseNoveltyArgs } from '../../src/handlers/novelty/options.js';
import { translatorFor } from '../../src/i18n/index.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { ChatThread, parentsIn } from './faults-chat-thread.js';

let h: SlackBotHarness;
beforeAll(async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
});
afterAll(async () => {
  await h?.close();
});

/** `n` characters alternating a CJK character and an emoji (two UTF-16 units each): `.length` is 1.5 n. */
const mixed = (n: number): string => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? '锂' : '🔋')).join('');

const bodies = (operation: string): unknown[] => h.sim.requests.filter((r) => r.operation === operation).map((r) => r.body);

const noteFor = async (text: string): Promise<string> => {
  const before = h.slack.ephemerals.length;
  expect((await h.command(text)).status).toBe(200);
  const note = await waitFor(() => h.slack.ephemerals[before], `the note for ${text.slice(0, 12)}`);
  return note.text;
};

describe('limits in characters as the platform counts them', () => {
  test.each([
    ['ask', 'AI07', 500, (q: string) => ({ prompt: q, stream: true })],
    ['pharm', 'AI20', 16_000, (q: string) => ({ query: q })],
  ] as const)(
    '%s: a question of exactly its limit in emoji and CJK is asked whole and answered; one more is refused',
    async (verb, operation, max, body) => {
      const question = mixed(max);
      expect(question.length).toBe(max * 1.5);
      const parents = parentsIn(h.slack).length;
      await h.command(`${verb} ${question}`);
      const thread = await ChatThread.nth(h.slack, parents);
      expect(await thread.answer()).toBe(h.sim.expectedStreamText(operation, body(question)));
      expect(bodies(operation).at(-1)).toEqual(body(question));

      const asked = h.sim.requests.length;
      const refusal = await noteFor(`${verb} ${question}🔋`);
      expect(refusal).toContain(`at most ${max.toLocaleString('en')} characters; yours has ${(max + 1).toLocaleString('en')}.`);
      expect(refusal).toContain('Nothing was sent to the platform.');
      expect(h.sim.requests).toHaveLength(asked);
      expect(parentsIn(h.slack)).toHaveLength(parents + 1);
    },
  );

  test('encyclopedia refuses 16,001 characters of emoji and CJK by their count, not their UTF-16 length', async () => {
    const asked = h.sim.requests.length;
    expect(await noteFor(`encyclopedia ${mixed(16_001)}`)).toContain('at most 16,000 characters; yours has 16,001.');
    expect(h.sim.requests).toHaveLength(asked);
  });

  test("count: a query of exactly P001's 1,500 characters is counted whole; one more is refused with 1,501", async () => {
    const query = mixed(1_500);
    await h.command(`count ${query}`);
    await waitFor(() => bodies('P001').length === 1, 'P001');
    expect(bodies('P001')[0]).toMatchObject({ query_text: query });
    await waitFor(() => h.slack.ephemerals.some((e) => e.text.includes('🔢')), 'the count');
    const refusal = await noteFor(`count ${query}锂`);
    expect(refusal).toContain('at most 1,500 characters');
    expect(refusal).toContain('yours has 1,501');
    expect(bodies('P001')).toHaveLength(1);
  });

  test("solution: a problem of exactly AI33-1's 500 characters is sent whole; one more is refused with 501", async () => {
    const problem = mixed(500);
    await h.command(`solution ${problem}`);
    await waitFor(() => bodies('AI33-1').length === 1, 'AI33-1');
    expect(bodies('AI33-1')[0]).toEqual({ lang: 'en', solution_issues: problem });
    const refusal = await noteFor(`solution ${problem}🔋`);
    expect(refusal).toContain('yours has 501');
    expect(bodies('AI33-1')).toHaveLength(1);
  });

  test("novelty's own 5,000-character limit counts characters too", () => {
    expect(parseNoveltyArgs(mixed(5_000), 'cn', translatorFor('en'))).toMatchObject({ options: { idea: mixed(5_000) } });
    expect(parseNoveltyArgs(mixed(5_001), 'cn', translatorFor('en'))).toEqual({ problem: expect.stringContaining('5,001') });
  });
});
