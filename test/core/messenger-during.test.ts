/**
 * The messenger the router gives an event's handler (`during`): its writes are made on the event's behalf, and
 * they time the event's first visible text (once, after a write that succeeded) and each answer relayed whole,
 * with nothing ambient: what is told comes from the messenger the write was made through.
 */
import { describe, expect, it } from 'vitest';
import type { CommandIncoming } from '../../src/core/incoming.js';
import { markdown } from '../../src/core/message.js';
import { Messenger } from '../../src/core/messenger.js';
import { noopMetrics, watchEvent, type BotMetrics, type EventScope } from '../../src/core/metrics.js';
import { StreamRelay } from '../../src/core/relay/index.js';
import { conversationId } from '../../src/core/thread-id.js';
import { FakeChatAdapter } from '../helpers/fake-adapter.js';
import { threadIn } from './relay/streams.js';

const conversation = conversationId('slack', 'T1', 'C1');
const incoming: CommandIncoming = {
  kind: 'command',
  eventId: 'Ev1',
  workspaceId: 'T1',
  user: { id: 'U1', name: 'ada' },
  conversation,
  text: 'ask why',
};

/** BotMetrics that keep the answer delays they are told. */
function delays() {
  const told: { phase: 'first' | 'final'; verb: string }[] = [];
  const metrics: BotMetrics = { ...noopMetrics, answerDelay: (_chat, verb, phase) => void told.push({ phase, verb }) };
  return { told, metrics };
}

function eventMessenger(adapter: FakeChatAdapter, metrics: BotMetrics) {
  const scope: EventScope = { chat: 'slack', workspaceId: 'T1', userId: 'U1', receivedAt: Date.now(), verb: 'ask', firstTextShown: false };
  const plain = new Messenger(adapter, new StreamRelay(adapter, { minEditIntervalMs: 0 }));
  return { plain, during: plain.during(incoming, watchEvent(scope, metrics)) };
}

async function* words(...parts: string[]): AsyncIterable<string> {
  for (const part of parts) yield part;
}

describe('Messenger.during', () => {
  it('tells the first text once, after the first write that succeeded; a failed one tells nothing', async () => {
    const adapter = new FakeChatAdapter();
    const { told, metrics } = delays();
    const { during } = eventMessenger(adapter, metrics);
    const thread = threadIn('T1');
    adapter.failNext('post', 1, () => new Error('refused'));
    await expect(during.post(thread, markdown('lost'))).rejects.toThrow('refused');
    expect(told).toEqual([]);
    const ref = await during.post(thread, markdown('shown'));
    await during.edit(ref, markdown('shown again'));
    await during.post(thread, markdown('and more'));
    expect(told).toEqual([{ phase: 'first', verb: 'ask' }]);
  });

  it("relays to the event's user, tells the first text when the stream first shows some and the final once it is whole", async () => {
    const adapter = new FakeChatAdapter({ native: 'available' });
    const { told, metrics } = delays();
    const { during } = eventMessenger(adapter, metrics);
    const result = await during.relay({ thread: threadIn('T1'), deltas: words('an ', 'answer') });
    expect(result.status).toBe('complete');
    expect(adapter.callsOf('stream')[0]?.recipient).toEqual({ userId: 'U1' });
    expect(told).toEqual([
      { phase: 'first', verb: 'ask' },
      { phase: 'final', verb: 'ask' },
    ]);
  });

  it('starts a thread on behalf of its event; the plain messenger names no event', async () => {
    const adapter = new FakeChatAdapter();
    const { plain, during } = eventMessenger(adapter, delays().metrics);
    await during.threadFor(incoming, markdown('asked'));
    await plain.threadFor(incoming, markdown('asked again'));
    const [first, second] = adapter.callsOf('startThread');
    expect(first?.event).toBe(incoming);
    expect(second?.event).toBeUndefined();
  });

  it('a plain messenger tells no one, and relays with no recipient unless the request names one', async () => {
    const adapter = new FakeChatAdapter({ native: 'available' });
    const { told, metrics } = delays();
    const { plain } = eventMessenger(adapter, metrics);
    await plain.post(threadIn('T1'), markdown('a resumed wait'));
    await plain.relay({ thread: threadIn('T1'), deltas: words('text') });
    expect(adapter.callsOf('stream')[0]?.recipient).toBeUndefined();
    expect(told).toEqual([]);
  });
});
