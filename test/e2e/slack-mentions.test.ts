/**
 * Only the bot's own mentions notify anyone: a model answer that repeats `<@U0VICTIM>` and `<!channel>` (the
 * simulator echoes the question into its heading) reaches Slack as plain text, while the parent message still
 * mentions the asker. Checked on what reaches the fake Web API, every post, edit and native stream call.
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

test("mentions in model text and in the question reach Slack defused in every post, edit and stream call; the asker's mention stays live", async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 40 } });
  const harness = h;
  await harness.command('ask <@U0VICTIM> <!channel> <!subteam^S1> solid-state batteries', { user_id: 'U1' });
  const replies = await waitFor(() => {
    const thread = harness.latestThread();
    const last = thread?.replies.at(-1);
    return thread && last && JSON.stringify(last.blocks).includes('tokens') ? thread.replies : undefined;
  }, 'the final answer');
  // the model's heading repeats the question: the victim's id is there, as text
  expect(replies.map((m) => JSON.stringify(m.blocks)).join('')).toContain('U0VICTIM');
  const methods = ['chat.postMessage', 'chat.update', 'chat.startStream', 'chat.appendStream', 'chat.stopStream'];
  const sent = harness.slack.calls.filter((c) => methods.includes(c.method));
  expect(sent.length).toBeGreaterThan(1);
  expect(harness.slack.callsTo('chat.appendStream').length).toBeGreaterThan(0);
  for (const call of sent) {
    const wire = JSON.stringify(call.args);
    expect(wire).not.toMatch(/<@U0VICTIM|<!channel|<!subteam/);
  }
  expect(JSON.stringify(harness.latestThread()!.parent)).toContain('<@U1>');
});
