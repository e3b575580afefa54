/**
 * Issue 16: `/iip disclosure` when AI32-4's events come in another shape the platform uses elsewhere (plain
 * text, chat-completion chunks, AI07's output): the thread shows the whole text, then the download link; when
 * the stream brings no text, no "(no answer)" is posted and the download link still comes.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { JobStreamShape } from '../../src/platform/simulator/job-stream.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, NoveltyThread, textOf } from './slack-novelty-steps.js';

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

async function disclosureWith(shape: JobStreamShape): Promise<{ t: NoveltyThread; done: FakeSlackMessage; heading: FakeSlackMessage }> {
  h = await startSlackBot({ simulator: { jobStreamShape: shape, streamChunkChars: 40 } });
  await h.command(`disclosure ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  await t.press(await t.step('Key elements'), 'Generate');
  const done = await t.reply('Technical disclosure ready', 15_000);
  const heading = t.replies.find((m) => markdownOf(m).startsWith('✍️'))!;
  return { t, done, heading };
}

describe('/iip disclosure, whatever shape the text stream takes', () => {
  test.each(['plain', 'choices', 'output'] as const)('%s events: the whole text, then the download link', async (shape) => {
    const { t, done, heading } = await disclosureWith(shape);
    const jobId = String((bodiesOf(h!, 'AI32-4')[0] as { job_id: string }).job_id);
    const whole = h!.sim.expectedStreamText('AI32-4', { job_id: jobId });
    const between = t.replies.filter((m) => Number(m.ts) > Number(heading.ts) && Number(m.ts) < Number(done.ts));
    expect(between.map(markdownOf).join('')).toBe(whole);
    expect(t.replies.some((m) => textOf(m).includes('no answer'))).toBe(false);
  });

  test('a stream without text posts no "(no answer)", says so under its heading, and the link still comes', async () => {
    const { t, done, heading } = await disclosureWith('empty');
    expect(textOf(done)).toMatch(/\[download the document\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(t.replies.some((m) => textOf(m).includes('no answer'))).toBe(false);
    expect(markdownOf(heading)).toContain('the text did not come through as it was written');
    const between = t.replies.filter((m) => Number(m.ts) > Number(heading.ts) && Number(m.ts) < Number(done.ts));
    expect(between.map(markdownOf).join('')).toBe('');
  });
});
