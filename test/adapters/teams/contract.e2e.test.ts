/** The adapter contract for Teams: the real Teams adapter against the fake Bot Connector (`/v3/conversations/…`). */
import { conversationId } from '../../../src/core/thread-id.js';
import { teamsThread } from '../../../src/adapters/teams/ids.js';
import type { FakeActivity } from '../../helpers/fake-bot-connector.js';
import { CHANNEL, TENANT } from '../../helpers/teams-activities.js';
import { describeAdapterContract } from '../contract.js';
import { startTeamsHarness } from './harness.js';

/** The text of every TextBlock in a card, in order. */
function visibleText(activity: FakeActivity): string {
  const texts: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      const element = node as Record<string, unknown>;
      if (element.type === 'TextBlock' && typeof element.text === 'string') texts.push(element.text);
      Object.values(element).forEach(visit);
    }
  };
  visit(activity.attachments.map((attachment) => attachment.content));
  return texts.join('\n');
}

describeAdapterContract('Teams', async () => {
  const h = await startTeamsHarness();
  const { fake } = h;
  return {
    adapter: h.adapter,
    // a channel: threads are reply chains, addressed as `<channel>;messageid=<root>`
    conversation: conversationId('teams', TENANT, CHANNEL),
    scope: TENANT,
    messagesIn(thread) {
      const { conversation, root } = teamsThread(thread);
      return fake.replyChain(conversation, root).map((activity) => ({ id: activity.id, text: visibleText(activity) }));
    },
    // the Bot Connector answers HTTP 429 with a Retry-After header
    rateLimitNextEdit: (seconds) => fake.failNext('update', { status: 429, retryAfter: seconds }),
    // PUT …/activities/:id then answers 404 ActivityNotFoundInConversation
    deleteMessage: (ref) => fake.deleteActivity(ref.messageId),
    editRequests: () => fake.callsTo('update').length,
    close: () => h.close(),
  };
});
