/**
 * A small world for the workflow machinery: a real simulator and platform client, the memory state store, and
 * fake chat adapters behind real messengers; plus `probe`, a two-step workflow over the older novelty group.
 */
import { translatorFor } from '../../../src/i18n/index.js';
import type { HandlerContext } from '../../../src/core/handler.js';
import { NOTHING_TO_HAND_OVER } from '../../../src/core/hand-over.js';
import { keepingLanguage } from '../../../src/core/language.js';
import { RecordWriter } from '../../../src/core/records.js';
import { THREAD_KINDS } from '../../../src/handlers/index.js';
import { markdown } from '../../../src/core/message.js';
import { Messenger } from '../../../src/core/messenger.js';
import { createProcessMemory, type ProcessMemory } from '../../../src/core/services.js';
import { StreamRelay } from '../../../src/core/relay/index.js';
import type { ChatKind, ThreadId } from '../../../src/core/thread-id.js';
import { threadId } from '../../../src/core/thread-id.js';
import { defineSend, defineStep, type WorkflowDefinition } from '../../../src/handlers/workflow/index.js';
import { z } from 'zod';
import { silentLogger } from '../../../src/log.js';
import { PlatformClient } from '../../../src/platform/client.js';
import { startSimulator } from '../../../src/platform/simulator/index.js';
import type { RunningSimulator } from '../../../src/platform/simulator/types.js';
import { MemoryStateStore } from '../../../src/state/memory-store.js';
import type { ThreadRecord, ThreadRecordInput } from '../../../src/core/state.js';
import { FakeChatAdapter } from '../../helpers/fake-adapter.js';

export interface ProbeData extends Record<string, unknown> {
  idea: string;
}

/** What the probe workflows keep in their records' data. */
export const probeData = z.looseObject({ idea: z.string() });

export const PROBE: WorkflowDefinition<ProbeData> = {
  name: 'probe',
  data: probeData,
  noun: () => 'probe',
  steps: {
    results: defineStep<ProbeData, { references?: unknown[] | null }, never>({
      poll: {
        operation: 'NOVELTY-QUERY',
        label: () => 'Querying the platform',
        read: (sc, signal) => sc.ctx.platform.call('NOVELTY-QUERY', { task_id: sc.ids.task_id! }, { signal }),
      },
      proceed: (result) => ({ done: markdown(`found ${result.references?.length ?? 0} references`) }),
    }),
  },
  starts: {
    go: {
      step: 'results',
      send: defineSend<ProbeData>({
        operation: 'NOVELTY-REPORT',
        label: () => 'Starting the probe',
        async run(sc) {
          const created = await sc.ctx.platform.call('NOVELTY-REPORT', { input: sc.data.idea, lang: 'en' });
          return { next: 'results', ids: { task_id: created.task_id! } };
        },
      }),
    },
  },
  timing: { intervalMs: 20, maxIntervalMs: 40 },
};

export interface World {
  sim: RunningSimulator;
  state: MemoryStateStore;
  /** the bot's in-memory books, shared by both contexts as one running bot's are */
  memory: ProcessMemory;
  lifetime: AbortController;
  adapters: Record<'slack' | 'console', FakeChatAdapter>;
  contexts: Record<'slack' | 'console', HandlerContext>;
  close(): Promise<void>;
}

export async function startWorld(taskDurationMs = 0): Promise<World> {
  const sim = await startSimulator({ taskDurationMs });
  const platform = new PlatformClient({ baseUrl: sim.url, apiKey: 'sk-world-test' });
  const state = new MemoryStateStore();
  const lifetime = new AbortController();
  const memory = createProcessMemory();
  const context = (adapter: FakeChatAdapter): HandlerContext => ({
    lang: 'en',
    t: translatorFor('en'),
    platform,
    state,
    records: RecordWriter.create(state, [keepingLanguage]),
    handOver: NOTHING_TO_HAND_OVER,
    threadKinds: THREAD_KINDS,
    memory,
    messenger: new Messenger(adapter, new StreamRelay(adapter)),
    logger: silentLogger,
    settings: { lang: 'en', confirmers: 'starter' },
    lifetime: lifetime.signal,
  });
  const adapters = { slack: new FakeChatAdapter({ chat: 'slack' }), console: new FakeChatAdapter({ chat: 'console' }) };
  return {
    sim,
    state,
    memory,
    lifetime,
    adapters,
    contexts: { slack: context(adapters.slack), console: context(adapters.console) },
    async close() {
      lifetime.abort();
      await platform.close();
      await sim.close();
    },
  };
}

let threads = 0;

/** A record as a bot that stopped would have left it: waiting on NOVELTY-QUERY (or with its start request out). */
export async function leftWaiting(
  world: World,
  phase: 'poll' | 'send',
  platform: ChatKind = 'slack',
  workflow = 'probe',
  step = 'results',
): Promise<ThreadRecord> {
  const thread: ThreadId = platform === 'slack' ? threadId('slack', 'T1', 'C1', `1700.${++threads}`) : threadId('console', 'local', `t${++threads}`);
  const adapter = world.adapters[platform === 'slack' ? 'slack' : 'console'];
  const progress = await adapter.post(thread, markdown('⏳ Querying the platform…'));
  const created =
    phase === 'poll' ? await world.contexts.slack.platform.call('NOVELTY-REPORT', { input: 'a foldable phone hinge', lang: 'en' }) : undefined;
  const input: ThreadRecordInput = {
    thread,
    workflow,
    step,
    status: 'waiting',
    workspaceId: 'T1',
    startedBy: 'U1',
    ids: created?.task_id ? { task_id: created.task_id } : {},
    data: {
      idea: 'a foldable phone hinge',
      flow: phase === 'poll' ? { phase, message: progress.messageId } : { phase, pending: { step, send: 'start:go', by: 'U1' } },
    },
    wait: { operation: phase === 'poll' ? 'NOVELTY-QUERY' : 'NOVELTY-REPORT', step, since: Date.now() },
    createdAt: Date.now(),
  };
  return (await world.state.compareAndSet(thread, 0, input))!;
}

export const textsIn = (adapter: FakeChatAdapter, thread: ThreadId): string[] => adapter.messagesIn(thread).map((m) => JSON.stringify(m.content));
