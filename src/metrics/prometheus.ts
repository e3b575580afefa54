/** The bot's metrics in one prom-client registry: what core/metrics.ts reports, platform calls, workflows and waits. */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BotMetrics, ChatCallOutcome, PlatformCaller, UsageSink } from '../core/metrics.js';
import type { StateStore } from '../core/state.js';
import { isChatKind, type ChatKind } from '../core/thread-id.js';

const ANSWER_BUCKETS = [0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60, 120];
const PLATFORM_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const LOCK_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10];

export interface PrometheusOptions {
  /** the workspaces named in labels (ALLOWED_SLACK_TEAMS, ALLOWED_TEAMS_TENANTS); every other one is `other` */
  labelledWorkspaces?: readonly string[];
  /** process metrics (CPU, memory, event loop); default on */
  processMetrics?: boolean;
  /** where each workspace's commands and platform calls are also counted (`/iip usage`) */
  usage?: UsageSink;
}

export class PrometheusMetrics implements BotMetrics {
  readonly registry = new Registry();
  readonly #labelled: ReadonlySet<string>;
  readonly #usage: UsageSink | undefined;
  readonly #firstText = this.#histogram(
    'iip_answer_first_text_seconds',
    'Seconds from an event to its first visible text',
    ['chat', 'verb'],
    ANSWER_BUCKETS,
  );
  readonly #finalText = this.#histogram(
    'iip_answer_final_text_seconds',
    'Seconds from an event to its whole streamed answer',
    ['chat', 'verb'],
    ANSWER_BUCKETS,
  );
  readonly #chatCalls = this.#counter('iip_chat_calls_total', 'Chat adapter calls by method and outcome (ok, 429, 5xx, gone, error)', [
    'chat',
    'method',
    'outcome',
  ]);
  readonly #platformCalls = this.#counter('iip_platform_calls_total', 'Platform calls by operation id and outcome (ok or error kind)', [
    'operation',
    'outcome',
  ]);
  readonly #platformSeconds = this.#histogram(
    'iip_platform_call_seconds',
    'Platform call latency (a stream: until it starts)',
    ['operation', 'outcome'],
    PLATFORM_BUCKETS,
  );
  readonly #openStreams = new Gauge({
    name: 'iip_open_streams',
    help: 'Streams being relayed into a chat now',
    labelNames: ['chat'],
    registers: [this.registry],
  });
  readonly #dedupe = this.#counter('iip_dedupe_hits_total', 'Events delivered again and recognised by their id', ['chat']);
  readonly #lockWaits = this.#histogram('iip_lock_wait_seconds', 'Seconds waited for a state lock', ['outcome'], LOCK_BUCKETS);
  readonly #refusals = this.#counter('iip_limit_refusals_total', 'Work refused by the per-user or per-workspace limit, or a full queue', [
    'scope',
    'kind',
  ]);
  readonly #commands = this.#counter('iip_commands_total', 'Commands run, by chat, workspace (configured ones) and verb', [
    'chat',
    'workspace',
    'verb',
  ]);
  readonly #workspaceCalls = this.#counter(
    'iip_workspace_platform_calls_total',
    'Platform calls made for an event, by chat, workspace (configured ones) and operation id (the numbers of /iip usage)',
    ['chat', 'workspace', 'operation'],
  );
  readonly #steps = this.#counter('iip_workflow_steps_total', 'Workflow records written, by workflow, step and state', ['workflow', 'step', 'state']);

  constructor(options: PrometheusOptions = {}) {
    this.#labelled = new Set(options.labelledWorkspaces ?? []);
    this.#usage = options.usage;
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** The workspace as a label: its id where the operator listed it, `other` otherwise (bounded cardinality). */
  workspaceLabel(workspaceId: string): string {
    return this.#labelled.has(workspaceId) ? workspaceId : 'other';
  }

  answerDelay(chat: ChatKind, verb: string, phase: 'first' | 'final', seconds: number): void {
    (phase === 'first' ? this.#firstText : this.#finalText).observe({ chat, verb }, seconds);
  }

  chatCall(chat: ChatKind, method: string, outcome: ChatCallOutcome): void {
    this.#chatCalls.inc({ chat, method, outcome });
  }

  openStreams(chat: ChatKind, change: 1 | -1): void {
    this.#openStreams.inc({ chat }, change);
  }

  dedupeHit(chat: ChatKind): void {
    this.#dedupe.inc({ chat });
  }

  lockWait(seconds: number, timedOut: boolean): void {
    this.#lockWaits.observe({ outcome: timedOut ? 'timeout' : 'acquired' }, seconds);
  }

  limitRefused(scope: 'user' | 'workspace' | 'queue', kind: string): void {
    this.#refusals.inc({ scope, kind });
  }

  command(chat: ChatKind, workspaceId: string, verb: string): void {
    this.#commands.inc({ chat, workspace: this.workspaceLabel(workspaceId), verb });
    this.#usage?.record(chat, workspaceId, 'commands', verb);
  }

  /** For PlatformClient's `onCall`. */
  platformCall = (operation: string, outcome: string, seconds: number, caller?: PlatformCaller): void => {
    this.#platformCalls.inc({ operation, outcome });
    this.#platformSeconds.observe({ operation, outcome }, seconds);
    if (!caller || !isChatKind(caller.chat)) return;
    const { chat } = caller;
    this.#workspaceCalls.inc({ chat, workspace: this.workspaceLabel(caller.workspaceId), operation });
    this.#usage?.record(chat, caller.workspaceId, 'calls', operation);
  };

  workflowStep(workflow: string, step: string, state: string): void {
    this.#steps.inc({ workflow, step, state });
  }

  /** Recorded waits by workflow and step, and the oldest one's age, read from the store at each scrape. */
  watchWaits(state: StateStore): void {
    const read = () => state.listWaiting().catch(() => []);
    new Gauge({
      name: 'iip_waits',
      help: 'Recorded waits on the platform, by workflow and step',
      labelNames: ['workflow', 'step'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const record of await read()) if (record.wait) this.inc({ workflow: record.workflow, step: record.wait.step });
      },
    });
    new Gauge({
      name: 'iip_wait_oldest_age_seconds',
      help: "Age of each workflow's oldest recorded wait",
      labelNames: ['workflow'],
      registers: [this.registry],
      async collect() {
        this.reset();
        const now = Date.now();
        const oldest = new Map<string, number>();
        for (const record of await read()) {
          if (!record.wait) continue;
          oldest.set(record.workflow, Math.max(oldest.get(record.workflow) ?? 0, (now - record.wait.since) / 1000));
        }
        for (const [workflow, age] of oldest) this.set({ workflow }, age);
      },
    });
  }

  #counter(name: string, help: string, labelNames: string[]): Counter {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  #histogram(name: string, help: string, labelNames: string[], buckets: number[]): Histogram {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }
}
