/**
 * The way out to Slack (issue 24), through the real Bolt app and the fake Web API: chat.postMessage's limit per
 * channel (about one a second, short bursts) is on in the fake, and the bot keeps under it with several answers
 * posting into one channel at once; a post whose answer was lost after Slack took it is looked up by its write
 * id and not posted twice.
 */
import { afterEach, expect, test } from 'vitest';
import { BOT_TOKEN, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { ChatThread, hasFooter, markdownOf } from './faults-chat-thread.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const whole = (question: string): string => h!.sim.expectedStreamText('AI07', { prompt: question, stream: true });

test("three answers at once in one channel meet chat.postMessage's limit per channel: each 429 pauses the channel's posts for its Retry-After, every answer whole", async () => {
  // a channel bucket smaller than the bot's bursts: some posts are refused and must wait
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 5 }, slack: { postsPerChannel: { burst: 2, perSecond: 1 } } });
  h.slack.streams.refuseIn('public'); // the post + edit path: every answer is a post into the channel
  const questions = ['Map thermal runaway patents', 'Map anode coating patents', 'Map separator film patents'];
  await Promise.all(questions.map((q) => h!.command(`ask ${q}`)));
  const threads = await Promise.all(questions.map((_, i) => ChatThread.nth(h!.slack, i)));
  for (const thread of threads) {
    const question = questions.find((q) => thread.parent.text.includes(q))!;
    expect(await thread.answer(1, 20_000)).toBe(whole(question));
    expect(thread.replies()).toHaveLength(1);
  }
  const posts = h.slack.callsTo('chat.postMessage');
  const refused = posts.filter((c) => c.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(posts.filter((c) => c.status === 200)).toHaveLength(questions.length * 2);
  for (const r of refused) {
    // once a 429 was answered, no post went into the channel before its Retry-After (at least 1 s) was over but
    // those already on their way (at most one per other answer), and none of the refused post's own thread
    const during = posts.filter((c) => c.at > r.answeredAt! && c.at < r.answeredAt! + 950);
    expect(during.filter((c) => c.args.thread_ts !== undefined && c.args.thread_ts === r.args.thread_ts)).toEqual([]);
    expect(during.length).toBeLessThanOrEqual(questions.length - 1);
  }
}, 40_000);

test('the fake refuses posts past the channel limit with 429 and Retry-After', async () => {
  h = await startSlackBot({ slack: { postsPerChannel: { burst: 2, perSecond: 1 } } });
  const post = () =>
    fetch(`${h!.slack.url}chat.postMessage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BOT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'C9', text: 'hello' }),
    });
  const answers = [await post(), await post(), await post()];
  expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
  expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  // another channel has a limit of its own
  expect(
    (
      await fetch(`${h.slack.url}chat.postMessage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BOT_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ channel: 'C8', text: 'hi' }),
      })
    ).status,
  ).toBe(200);
});

test("an answer's post whose answer was lost after Slack took it is found by its write id: one message, whole", async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 5 } });
  h.slack.streams.refuseIn('public');
  const question = 'What is CRISPR base editing?';
  const mention = { type: 'app_mention', channel: 'C1', user: 'U1', text: `<@UBOT> ask ${question}`, ts: '1800000000.000500' };
  h.slack.failNext('chat.postMessage', { lost: 'status' });
  await h.event(mention, 'EvLostPost1');
  const replies = await waitFor(() => {
    const found = h!.slack.threadMessages('C1', mention.ts);
    return found.some(hasFooter) ? found : undefined;
  }, 'the whole answer');
  expect(replies).toHaveLength(1);
  expect(markdownOf(replies[0]!)).toBe(whole(question));
  // the lost post was looked up, not sent again
  expect(h.slack.callsTo('chat.postMessage')).toHaveLength(1);
  expect(h.slack.callsTo('conversations.replies').length).toBeGreaterThanOrEqual(1);
  expect(replies[0]!.metadata).toMatchObject({ event_type: 'iip_write' });
});
