/**
 * Response headers that never come. `startBot` has no way to shorten the platform client's timeouts (60 s
 * by default), so this composes the same parts it does: the router with the chat handler, the real platform
 * client (headers deadline 300 ms) against the simulator, a lowdb state file, the relay, and a fake chat
 * adapter in place of Slack.
 */
import { translatorFor } from '../../src/i18n/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createProcessMemory } from '../../src/core/services.js';
import type { HandlerContext } from '../../src/core/handler.js';
import { NOTHING_TO_HAND_OVER } from '../../src/core/hand-over.js';
import { RecordWriter } from '../../src/core/records.js';
import { THREAD_KINDS } from '../../src/handlers/index.js';
import type { Block, Button, OutgoingMessage } from '../../src/core/message.js';
import { Messenger } from '../../src/core/messenger.js';
import { StreamRelay } from '../../src/core/relay/index.js';
import { Router } from '../../src/core/router.js';
import { conversationId, type ThreadId } from '../../src/core/thread-id.js';
import { chatHandler } from '../../src/handlers/chat/handler.js';
import { silentLogger } from '../../src/log.js';
import { PlatformClient } from '../../src/platform/client.js';
import { expectedChatAnswer, startSimulator } from '../../src/platform/simulator/index.js';
import { createStateStore } from '../../src/state/index.js';
import { FakeChatAdapter } from '../helpers/fake-adapter.js';

const HEADERS_MS = 300;
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function compose() {
  const sim = await startSimulator({ streamChunkDelayMs: 1 });
  cleanup.push(() => sim.close());
  const platform = new PlatformClient({ baseUrl: sim.url, apiKey: 'sk-test-headers', timeouts: { headersMs: HEADERS_MS } });
  cleanup.push(() => platform.close());
  const dir = mkdtempSync(join(tmpdir(), 'iip-headers-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const state = await createStateStore({ stateFile: join(dir, 'state.json') });
  cleanup.push(() => state.close());
  const adapter = new FakeChatAdapter({ chat: 'slack' });
  const messenger = new Messenger(adapter, new StreamRelay(adapter, { minEditIntervalMs: 20 }));
  const ctx: HandlerContext = {
    lang: 'en',
    t: translatorFor('en'),
    platform,
    state,
    records: RecordWriter.create(state, []),
    handOver: NOTHING_TO_HAND_OVER,
    threadKinds: THREAD_KINDS,
    messenger,
    settings: { lang: 'en', confirmers: 'starter' },
    logger: silentLogger,
    memory: createProcessMemory(),
  };
  const router = new Router([chatHandler], ctx);
  const base = { user: { id: 'U1' }, workspaceId: 'T1' };
  return {
    sim,
    adapter,
    // the fake adapter's threads are its conversations: each chat gets its own channel
    ask: (text: string, channel: string) => router.dispatch({ kind: 'command', text, conversation: conversationId('slack', 'T1', channel), ...base }),
    click: (thread: ThreadId, messageId: string, button: Button) =>
      router.dispatch({ kind: 'action', thread, messageId, action: button.action, value: button.value, selections: {}, ...base }),
  };
}

const textOf = (m: OutgoingMessage): string =>
  (m.blocks ?? [])
    .filter((b): b is Extract<Block, { type: 'markdown' }> => b.type === 'markdown')
    .map((b) => b.text)
    .join('');
const retryOf = (m: OutgoingMessage): Button | undefined =>
  (m.blocks ?? []).flatMap((b) => (b.type === 'actions' ? b.buttons : [])).find((b) => b.action === 'retry');

test('headers that never come: one note that the platform took too long, with a Retry that answers whole; AI68-1 is not resent', async () => {
  const { sim, adapter, ask, click } = await compose();
  const question = 'How do solid-state batteries avoid lithium dendrites?';
  sim.inject({ kind: 'slow-headers', delayMs: HEADERS_MS * 10, operation: 'AI07', times: 1 });
  const started = Date.now();
  await ask(`ask ${question}`, 'C1');
  expect(Date.now() - started).toBeLessThan(HEADERS_MS * 5);
  const thread = adapter.callsOf('startThread')[0]!.thread as ThreadId;
  const [parent, note] = adapter.messagesIn(thread);
  expect(textOf(note!.content)).toMatch(/^⚠️ The platform took too long to answer\. Try again in a moment\./);
  expect(sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(1);

  await click(thread, note!.ref.messageId, retryOf(note!.content)!);
  const answer = adapter.messagesIn(thread).at(-1)!;
  expect(textOf(answer.content)).toBe(expectedChatAnswer('AI07', { prompt: question }));
  expect(JSON.stringify(answer.content)).toContain('tokens');
  expect(sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
  expect(adapter.messagesIn(thread).map((m) => m.ref.messageId)).toEqual([parent!.ref.messageId, note!.ref.messageId, answer.ref.messageId]);

  // a create that timed out may have happened: it is not sent again unasked
  sim.inject({ kind: 'slow-headers', delayMs: HEADERS_MS * 10, operation: 'AI68-1', times: 1 });
  await ask('encyclopedia What is the PK/PD data of RMC-6236?', 'C2');
  const bioThread = adapter.callsOf('startThread')[1]!.thread as ThreadId;
  const bioNote = adapter.messagesIn(bioThread).at(-1)!;
  expect(textOf(bioNote.content)).toContain('took too long');
  expect(retryOf(bioNote.content)).toBeDefined();
  expect(sim.requests.filter((r) => r.operation === 'AI68-1')).toHaveLength(1);
  expect(sim.requests.filter((r) => r.operation === 'AI68-2')).toHaveLength(0);
});
