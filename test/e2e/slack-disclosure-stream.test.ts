/**
 * `/iip disclosure` while its text is still streaming: a restart relays it again from the start (the first,
 * partial copy stays marked as interrupted) and completes; a cancel stops the stream and the wait.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, NoveltyThread, textOf } from './slack-novelty-steps.js';

const IDEA = 'A kettle that weighs the water it holds and heats only as much as the cup needs. A load cell sits under the base.';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const markdownOf = (m: FakeSlackMessage): string =>
  m.blocks
    .filter((b) => b.type === 'markdown')
    .map((b) => String(b.text))
    .join('');

async function streaming(): Promise<NoveltyThread> {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 25, streamChunkChars: 24 } });
  await h.command(`disclosure ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  await t.press(await t.step('Key elements'), 'Generate');
  // some text is shown, the stream goes on
  await waitFor(() => t.replies.some((m) => markdownOf(m).startsWith('# Technical disclosure')), 'the first streamed text');
  return t;
}

describe('/iip disclosure while the text streams', () => {
  test('a restart mid-stream relays the whole text again and completes with one job', async () => {
    const t = await streaming();
    await h!.restart();
    const done = await t.reply('Technical disclosure ready', 15_000);
    expect(bodiesOf(h!, 'AI32-2')).toHaveLength(1);
    expect(bodiesOf(h!, 'AI32-4')).toHaveLength(2);
    const jobId = String((bodiesOf(h!, 'AI32-4')[0] as { job_id: string }).job_id);
    const whole = h!.sim.expectedStreamText('AI32-4', { job_id: jobId });
    const heading = t.replies.find((m) => markdownOf(m).startsWith('✍️'))!;
    const between = t.replies.filter((m) => Number(m.ts) > Number(heading.ts) && Number(m.ts) < Number(done.ts));
    // the interrupted copy, marked, then the whole text
    expect(textOf(between[0]!)).toContain('interrupted');
    expect(between.slice(1).map(markdownOf).join('')).toBe(whole);
    expect(buttonsOf(done)).toEqual([]);
  });

  test('cancel in the thread stops the stream and the wait', async () => {
    const t = await streaming();
    const aborted = h!.sim.streamsAbortedByClient;
    await h!.event(
      { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> cancel', ts: '1800000000.000300', thread_ts: t.parentTs },
      'EvCancelStream',
    );
    await waitFor(() => h!.sim.streamsAbortedByClient > aborted, 'the stream to be closed');
    await waitFor(
      () => t.replies.some((m) => textOf(m).includes('⏹ Cancelled') && textOf(m).includes('Preparing the disclosure document')),
      'the stopped wait',
    );
    await eventually(async () => (await h!.bot.state.listWaiting()).length === 0, 'no wait left');
    expect(t.replies.flatMap(buttonsOf)).toEqual([]);
    expect(t.replies.some((m) => textOf(m).includes('Technical disclosure ready'))).toBe(false);
  });
});
