/** The adapter contract for Slack: the real Slack adapter against the fake Slack Web API (`POST /api/<method>`). */
import { conversationId } from '../../../src/core/thread-id.js';
import { slackThread } from '../../../src/adapters/slack/ids.js';
import { describeAdapterContract } from '../contract.js';
import { startSlackHarness } from './harness.js';

describeAdapterContract('Slack', async () => {
  const h = await startSlackHarness();
  const { fake } = h;
  return {
    adapter: h.adapter,
    conversation: conversationId('slack', 'T1', 'C1'),
    scope: 'T1',
    messagesIn(thread) {
      const { channel, threadTs } = slackThread(thread);
      return fake.threadMessages(channel, threadTs).map((m) => ({ id: m.ts, text: fake.messageText(channel, m.ts) ?? '' }));
    },
    // Slack answers HTTP 429 with a Retry-After header and `{ ok: false, error: 'ratelimited' }`
    rateLimitNextEdit: (seconds) => fake.failNext('chat.update', { status: 429, retryAfter: seconds }),
    // chat.update then answers `message_not_found`
    deleteMessage: (ref) => fake.deleteMessage(slackThread(ref.thread).channel, ref.messageId),
    editRequests: () => fake.callsTo('chat.update').length,
    close: () => h.close(),
  };
});
