import { afterEach, describe, expect, it } from 'vitest';
import { markdown } from '../../../src/core/message.js';
import { StreamRelay } from '../../../src/core/relay/index.js';
import { threadId } from '../../../src/core/thread-id.js';
import { TeamsApiError } from '../../../src/adapters/teams/index.js';
import { CHANNEL, PERSONAL_CHAT, TENANT, activityId } from '../../helpers/teams-activities.js';
import type { FakeActivity } from '../../helpers/fake-bot-connector.js';
import { caught, startTeamsHarness, waitFor, type TeamsHarness } from './harness.js';

let harness: TeamsHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const IN_CHAT = threadId('teams', TENANT, PERSONAL_CHAT, 'chat-1700');

function cardText(activity: FakeActivity | undefined): string {
  const card = activity?.attachments[0]?.content as { body?: { type: string; text?: string }[] } | undefined;
  return (card?.body ?? [])
    .filter((e) => e.type === 'TextBlock')
    .map((e) => e.text)
    .join('\n');
}

async function* words(text: string, pauseMs: number): AsyncGenerator<string> {
  for (const word of text.split(/(?<= )/)) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    yield word;
  }
}

/** The first two words each wait until Teams showed the text before them, so the stream has several updates. */
async function* pacedByTeams(h: TeamsHarness, text: string): AsyncGenerator<string> {
  const [first, second, ...rest] = text.split(/(?<= )/);
  yield first as string;
  await waitFor(() => (h.fake.streams[0]?.updates.length ?? 0) >= 1, 'the first stream update');
  yield second as string;
  await waitFor(() => (h.fake.streams[0]?.updates.length ?? 0) >= 2, 'the second stream update');
  yield* words(rest.join(''), 1);
}

const ANSWER = 'CRISPR is a gene editing technique that cuts DNA at a chosen place using a guide RNA and the Cas9 enzyme.';

describe('Teams adapter: native streaming in 1:1 chats', () => {
  it('streams typing activities with streaminfo in sequence, then the final message under the stream id', async () => {
    const h = (harness = await startTeamsHarness());
    const stream = await h.adapter.nativeStream?.(IN_CHAT);
    if (!stream) throw new Error('expected a native stream in a 1:1 chat');
    await stream.append('Hel');
    await stream.append('lo, ');
    const ref = await stream.stop(markdown('Hello, world.'));
    const [recorded] = h.fake.streams;
    expect(recorded?.updates).toEqual([
      { sequence: 1, text: 'Hel' },
      { sequence: 2, text: 'Hello, ' },
    ]);
    expect(ref).toEqual({ thread: IN_CHAT, messageId: recorded?.id });
    const [first, second, final] = h.fake.callsTo('send');
    expect(first?.body).toMatchObject({
      type: 'typing',
      text: 'Hel',
      entities: [{ type: 'streaminfo' }],
      channelData: { streamType: 'streaming', streamSequence: 1 },
    });
    expect(first?.body.channelData).not.toHaveProperty('streamId');
    expect(second?.body).toMatchObject({ type: 'typing', channelData: { streamId: recorded?.id, streamType: 'streaming', streamSequence: 2 } });
    expect(final?.body).toMatchObject({
      type: 'message',
      entities: [{ type: 'streaminfo' }],
      channelData: { streamId: recorded?.id, streamType: 'final' },
    });
    expect(final?.body.channelData).not.toHaveProperty('streamSequence');
    expect(cardText(h.fake.activity(ref.messageId))).toBe('Hello, world.');
    await h.adapter.edit(ref, markdown('Hello, edited.'));
    expect(cardText(h.fake.activity(ref.messageId))).toBe('Hello, edited.');
  });

  it('carries a whole answer through the relay natively: no edits, the final message is the whole text', async () => {
    const h = (harness = await startTeamsHarness());
    const relay = new StreamRelay(h.adapter, { minEditIntervalMs: 15 });
    const result = await relay.relay({ thread: IN_CHAT, deltas: pacedByTeams(h, ANSWER) });
    expect(result).toMatchObject({ status: 'complete', text: ANSWER });
    const [recorded] = h.fake.streams;
    const sequences = recorded?.updates.map((u) => u.sequence) ?? [];
    expect(sequences.length).toBeGreaterThan(1);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    for (const update of recorded?.updates ?? []) expect(ANSWER.startsWith(update.text)).toBe(true);
    expect(cardText(recorded?.final)).toBe(ANSWER);
    expect(h.fake.callsTo('update')).toHaveLength(0);
  });

  it('falls back to posting and editing when Teams refuses the stream, and does not ask again in that chat', async () => {
    const h = (harness = await startTeamsHarness());
    h.fake.refuseStreaming(true);
    const direct = await h.adapter.nativeStream?.(IN_CHAT);
    const refusal = await caught(direct?.append('x'));
    expect(refusal).toBeInstanceOf(TeamsApiError);
    expect(refusal).toMatchObject({ status: 403, code: 'ContentStreamNotAllowed' });
    expect(await h.adapter.nativeStream?.(IN_CHAT)).toBeUndefined();

    const result = await new StreamRelay(h.adapter, { minEditIntervalMs: 15 }).relay({ thread: IN_CHAT, deltas: words(ANSWER, 3) });
    expect(result).toMatchObject({ status: 'complete', text: ANSWER });
    expect(h.fake.streams).toHaveLength(0);
    expect(h.fake.callsTo('send').filter((c) => c.body.type === 'typing')).toHaveLength(1);
    const [message] = h.fake.messages(PERSONAL_CHAT);
    expect(cardText(message)).toBe(ANSWER);
  });

  it('falls back through the relay when the very first stream activity is refused', async () => {
    const h = (harness = await startTeamsHarness());
    h.fake.refuseStreaming(true);
    const result = await new StreamRelay(h.adapter, { minEditIntervalMs: 15 }).relay({ thread: IN_CHAT, deltas: words(ANSWER, 3) });
    expect(result).toMatchObject({ status: 'complete', text: ANSWER });
    expect(cardText(h.fake.messages(PERSONAL_CHAT)[0])).toBe(ANSWER);
  });

  it('offers no native stream in a channel reply chain', async () => {
    const h = (harness = await startTeamsHarness());
    expect(await h.adapter.nativeStream?.(threadId('teams', TENANT, CHANNEL, activityId()))).toBeUndefined();
  });
});
