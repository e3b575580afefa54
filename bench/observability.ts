/**
 * What metrics and tracing cost on the relay path: answers (a thread's parent, the platform client streaming AI07
 * from the in-process simulator, the relay posting and editing) run with neither, with /metrics' wrappers, with an
 * OpenTelemetry SDK recording every span, and with both; the CPU time per answer is compared with neither's.
 */
import type { ChatAdapter, MessageRef } from '../src/core/adapter.js';
import { markdown } from '../src/core/message.js';
import { withinEvent } from '../src/core/metrics.js';
import { StreamRelay } from '../src/core/relay/index.js';
import { conversationId, threadId } from '../src/core/thread-id.js';
import { silentLogger } from '../src/log.js';
import { PrometheusMetrics } from '../src/metrics/index.js';
import { measuredAdapter } from '../src/metrics/measured-adapter.js';
import { MeasuredRelay } from '../src/metrics/measured-stores.js';
import { PlatformClient } from '../src/platform/client.js';
import { startSimulator } from '../src/platform/simulator/index.js';
import { textDeltas } from '../src/platform/stream/index.js';
import { verdict, type BenchReport } from './report.js';
import { percentile, round } from './stats.js';

/** More than this much extra CPU per answer with metrics on (and no tracing SDK) is a cost worth reporting. */
const TARGET_OVERHEAD = 0.1;
/** edits every 100 ms (the default is 1 s), so an answer makes a few dozen chat calls, each one measured and traced */
const RELAY = { minEditIntervalMs: 100, workspaceEditsPerMinute: 1_000_000, logger: silentLogger };

/** A chat that takes every call at once: what is timed is the bot's own work. */
function instantChat(): ChatAdapter {
  let ts = 0;
  const ref = (thread: MessageRef['thread']): MessageRef => ({ thread, messageId: String((ts += 1)) });
  return {
    chat: 'slack',
    invocation: '/iip ',
    limits: { maxMessageChars: 12_000 },
    startThread: async (conversation) => ref(threadId('slack', 'T1', conversation.split(':')[2] ?? 'C1', String((ts += 1)))),
    post: async (thread) => ref(thread),
    edit: async () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
  };
}

type Variant = 'off' | 'metrics' | 'tracing' | 'both';

async function rounds(variant: Variant, client: PlatformClient, count: number, answers: number): Promise<number[]> {
  const metrics = variant === 'metrics' || variant === 'both' ? new PrometheusMetrics({ processMetrics: false }) : undefined;
  const chat = metrics ? measuredAdapter(instantChat(), metrics) : instantChat();
  const relay = metrics ? new MeasuredRelay(chat, RELAY, metrics) : new StreamRelay(chat, RELAY);
  const perAnswerMs: number[] = [];
  for (let r = 0; r < count; r += 1) {
    const cpu = process.cpuUsage();
    await Promise.all(
      Array.from({ length: answers }, (_, i) => {
        const answer = async () => {
          const parent = await chat.startThread(conversationId('slack', 'T1', `C${i}`), markdown('bench asked'));
          const stream = await client.stream('AI07', { prompt: `Observability bench question ${i}`, stream: true });
          await relay.relay({ thread: parent.thread, deltas: textDeltas(stream) });
        };
        return variant === 'off' ? answer() : withinEvent({ chat: 'slack', kind: 'command' }, answer);
      }),
    );
    const used = process.cpuUsage(cpu);
    perAnswerMs.push((used.user + used.system) / 1000 / answers);
  }
  return perAnswerMs;
}

export async function observabilityBench(quick: boolean): Promise<BenchReport> {
  const [count, answers] = quick ? [8, 15] : [12, 25];
  const simulator = await startSimulator({ streamChunkDelayMs: 2, minAnswerChars: 1_500 });
  const client = new PlatformClient({ baseUrl: simulator.url, apiKey: 'sk-bench-observability' });
  const samples = new Map<Variant, number[]>();
  const add = (variant: Variant, values: number[]) => samples.set(variant, [...(samples.get(variant) ?? []), ...values]);
  try {
    // warm-up rounds (JIT), not counted
    await rounds('off', client, 3, answers);
    await rounds('metrics', client, 3, answers);
    // without an SDK, the OpenTelemetry API is a no-op: 'off' and 'metrics' alternate, then an SDK is registered
    for (let r = 0; r < count; r += 1) {
      add('off', await rounds('off', client, 1, answers));
      add('metrics', await rounds('metrics', client, 1, answers));
    }
    const { NodeTracerProvider } = await import('@opentelemetry/sdk-trace-node');
    const { BatchSpanProcessor, InMemorySpanExporter } = await import('@opentelemetry/sdk-trace-base');
    const exporter = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
    provider.register();
    await rounds('both', client, 2, answers);
    for (let r = 0; r < count; r += 1) {
      add('tracing', await rounds('tracing', client, 1, answers));
      add('both', await rounds('both', client, 1, answers));
      exporter.reset();
    }
    await provider.shutdown();
  } finally {
    await client.close();
    await simulator.close();
  }
  const median = (variant: Variant) => percentile(samples.get(variant) ?? [], 50);
  const base = median('off');
  const table = (['off', 'metrics', 'tracing', 'both'] as const).map((variant) => ({
    setting: { off: 'neither', metrics: 'metrics (/metrics wrappers)', tracing: 'tracing (SDK, every span kept)', both: 'metrics and tracing' }[
      variant
    ],
    answers: (samples.get(variant) ?? []).length * answers,
    cpu_per_answer_ms: round(median(variant), 2),
    overhead: variant === 'off' ? '-' : `${round(((median(variant) - base) / base) * 100, 1)}%`,
  }));
  const overhead = (median('metrics') - base) / base;
  const extraMs = (variant: Variant) => round(median(variant) - base, 2);
  return {
    title: `observability: the cost of metrics and tracing on the relay path${quick ? ' (quick)' : ''}`,
    table,
    measures: `median CPU time of the whole process per answer (parent post, AI07 streamed from the in-process simulator, relayed into an instant chat with an edit every 100 ms), ${answers} answers at once per round; 'neither' still runs the OpenTelemetry API's calls, which are no-ops without an SDK (OTEL_EXPORTER_OTLP_ENDPOINT unset), so it is what the bot costs with tracing off. Target: metrics add under ${TARGET_OVERHEAD * 100}%.`,
    lines: [
      `  ${verdict(overhead < TARGET_OVERHEAD)} metrics add ${round(overhead * 100, 1)}% CPU per answer (${extraMs('metrics')} ms; target < ${TARGET_OVERHEAD * 100}%)`,
      `  info: tracing with an SDK adds ${extraMs('tracing')} ms per answer, both ${extraMs('both')} ms (measured after the others: once registered, the SDK stays; its context manager also tracks the in-process simulator's promises)`,
    ],
    passed: overhead < TARGET_OVERHEAD,
  };
}
