/**
 * A design poll (AI39-2) answered with 120 MB of JSON, through the real Slack app, the real platform client and
 * the simulator: the client stops reading at its 8 MiB limit, the step fails with the reason and Retry, and the
 * bot stays up; after a restart on the same state the resumed wait meets the same answer and fails the same
 * way, once, instead of dying again. Retry, once the platform answers normally, completes the search.
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, NoveltyThread, textOf } from './slack-novelty-steps.js';
import { submitted } from './slack-design-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const IMAGE = 'https://images.example.com/products/lamp.jpg';
const OVERSIZED = { kind: 'oversized-body', bytes: 120 * 1024 * 1024, operation: 'AI39-2' } as const;
const FAILED = 'Searching similar registered designs failed';
const REASON = 'The platform sent more than the bot reads for one answer';

const healthy = async (): Promise<number> => (await fetch(h!.eventsUrl.replace('/slack/events', '/healthz'))).status;

test('a 120 MB poll answer fails the step with the reason and Retry; Retry completes the search', async () => {
  h = await startSlackBot();
  h.sim.inject({ ...OVERSIZED, times: 1 });
  await h.command(`design ${IMAGE} desk lamp`);
  const t = await NoveltyThread.opened(h, 0);
  const failed = await t.step(FAILED);
  expect(textOf(failed)).toContain(REASON);
  expect(buttonsOf(failed).map((b) => b.label)).toContain('Retry');
  // not read again by the client on its own: the same answer would come
  expect(bodiesOf(h, 'AI39-2')).toHaveLength(1);
  expect(await healthy()).toBe(200);

  await t.press(failed, 'Retry');
  await t.reply('Design search report');
  expect(submitted(h).length).toBeGreaterThanOrEqual(1);
});

test('after a restart on the same state, the resumed wait meets the 120 MB answer and fails once with Retry; the bot stays up', async () => {
  h = await startSlackBot();
  h.sim.setTaskDuration(60_000);
  await h.command(`design ${IMAGE} desk lamp`);
  const t = await NoveltyThread.opened(h, 0);
  await t.reply('Searching similar registered designs');
  await eventually(async () => (await h!.bot.state.listWaiting())[0]?.wait?.operation === 'AI39-2', 'the recorded AI39-2 wait');

  // every poll from now on gets 120 MB, as in the audit, where each one killed the process
  await h.restart(() => h!.sim.inject(OVERSIZED));
  const failed = await t.step(FAILED);
  expect(textOf(failed)).toContain(REASON);
  await eventually(async () => (await h!.bot.state.listWaiting()).length === 0, 'the wait ended');
  const polls = bodiesOf(h, 'AI39-2').length;
  expect(await healthy()).toBe(200);
  // a failed step waits for its user: nothing polls the oversized answer again, and one note says so
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(bodiesOf(h, 'AI39-2')).toHaveLength(polls);
  expect(t.replies.filter((m) => textOf(m).includes(REASON))).toHaveLength(1);

  h.sim.clearFaults();
  h.sim.setTaskDuration(0);
  await t.press(failed, 'Retry');
  await waitFor(() => t.replies.find((m) => textOf(m).includes('Design search report')), 'the report');
});
