/**
 * No chat call holds a thread's lock: with Slack holding its answer to the edit that settles a confirmed step (a
 * stalled chat.update), a second click and Cancel on that step are judged at once, through the real Bolt app and
 * the fake Web API: the workflow is cancelled while the edit is still held, and the confirmation it cancelled
 * never reaches the platform. (Before, the edit was made under the thread's lock: Cancel waited for it and gave
 * up.) What the bot then says in the thread waits behind the held edit: the conversation's outbox keeps order.
 */
import { afterEach, expect, test } from 'vitest';
import { threadId } from '../../src/core/thread-id.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, IDEA, NoveltyThread, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
let release: (() => void) | undefined;
afterEach(async () => {
  release?.();
  await h?.close();
  h = undefined;
});

async function statusOf(harness: SlackBotHarness, t: NoveltyThread): Promise<string | undefined> {
  return (await harness.bot.state.get(threadId('slack', 'T1', t.channel, t.parentTs)))?.status;
}

test('a stalled chat.update after Confirm keeps neither a second click nor Cancel waiting for the thread', async () => {
  h = await startSlackBot();
  await h.command(`novelty ${IDEA}`);
  const t = await NoveltyThread.opened(h, 0);
  const solution = await t.step('Step 1 of 5');
  const confirm = t.button(solution, 'Confirm');

  const held = h.slack.stallNext('chat.update');
  release = held.release;
  await t.pressControl(solution, confirm);
  await held.arrived;
  const notes = h.slack.ephemerals.length;
  await t.pressControl(solution, confirm);
  await t.pressControl(solution, t.button(solution, 'Cancel'));
  // well past the lock's wait if the edit held the lock: the Cancel would have given up by then
  const deadline = Date.now() + 15_000;
  while ((await statusOf(h, t)) !== 'cancelled' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  // cancelled while Slack still holds the edit
  expect(await statusOf(h, t)).toBe('cancelled');
  expect(h.slack.callsTo('chat.update').find((c) => c.answeredAt === undefined)).toBeDefined();

  held.release();
  await t.reply('Cancelled by <@U1>');
  expect(await t.note(notes)).toContain('Already done');
  // the step shows who confirmed it, without controls; the cancelled confirmation was never sent
  const settled = await waitFor(() => t.replies.find((m) => m.ts === solution.ts && buttonsOf(m).length === 0), 'the settled step');
  expect(textOf(settled)).toContain('<@U1>');
  expect(bodiesOf(h, 'AI35-3')).toHaveLength(0);
  expect(t.replies.filter((m) => textOf(m).includes('Step 2 of 5'))).toEqual([]);
});
