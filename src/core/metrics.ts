/**
 * What the bot reports about its own work (answer delays, chat calls, dedupe hits, ...), as an interface the core,
 * handlers and adapters call; src/metrics/ implements it with prom-client, and the default does nothing.
 */
import { ProxyTracerProvider, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { ChatKind } from './thread-id.js';

/** How a chat call ended: `429` also stands for Teams' other back-off statuses; `gone` a message deleted under an edit. */
export type ChatCallOutcome = 'ok' | '429' | '5xx' | 'gone' | 'error';

export interface BotMetrics {
  /** seconds from an event's receipt to its first visible text (`first`) or its whole answer (`final`) */
  answerDelay(chat: ChatKind, verb: string, phase: 'first' | 'final', seconds: number): void;
  /** one call of a chat adapter's method (post, edit, stream.append, ...) and how it ended */
  chatCall(chat: ChatKind, method: string, outcome: ChatCallOutcome): void;
  /** a stream being relayed into a chat began (+1) or ended (-1) */
  openStreams(chat: ChatKind, change: 1 | -1): void;
  /** an event a chat delivered again, recognised by its id and not acted on */
  dedupeHit(chat: ChatKind): void;
  /** seconds a caller waited for a state lock; `timedOut` when it gave up */
  lockWait(seconds: number, timedOut: boolean): void;
  /** work refused by the per-user or per-workspace limit */
  limitRefused(scope: 'user' | 'workspace' | 'queue', kind: string): void;
  /** a command run in a workspace (`verb`), counted for usage */
  command(chat: ChatKind, workspaceId: string, verb: string): void;
}

export const noopMetrics: BotMetrics = {
  answerDelay: () => undefined,
  chatCall: () => undefined,
  openStreams: () => undefined,
  dedupeHit: () => undefined,
  lockWait: () => undefined,
  limitRefused: () => undefined,
  command: () => undefined,
};

/** Whom a platform call was made for, as the platform client tells it. */
export type { Caller as PlatformCaller } from '../platform/client.js';

/** One event's handling: when it arrived, and which verb it turned out to run once the router knows. */
export interface EventScope {
  chat: ChatKind;
  workspaceId: string;
  receivedAt: number;
  /** the user whose event it is (the one an answer streams to where the chat needs a recipient) */
  userId?: string;
  verb?: string;
  firstTextShown: boolean;
}

/**
 * What an event's writes tell (the messenger the router gives its handler): the first text a user sees, once, and
 * each answer relayed whole, each timed from the event's receipt.
 */
export interface EventWatch {
  readonly scope: EventScope;
  shown(): void;
  answered(): void;
}

export function watchEvent(scope: EventScope, metrics: BotMetrics): EventWatch {
  const since = () => (Date.now() - scope.receivedAt) / 1000;
  return {
    scope,
    shown() {
      if (scope.firstTextShown) return;
      scope.firstTextShown = true;
      metrics.answerDelay(scope.chat, scope.verb ?? 'other', 'first', since());
    },
    answered: () => metrics.answerDelay(scope.chat, scope.verb ?? 'other', 'final', since()),
  };
}

/**
 * The bot's OpenTelemetry tracer: a no-op until an SDK is registered (OTEL_EXPORTER_OTLP_ENDPOINT, or a test's).
 * Asked of the global provider at each use (it keeps its tracers): a tracer kept from before stays bound to the
 * provider it first met, even after another is registered.
 */
export const tracer = (): Tracer => trace.getTracer('iip-bot');

/** The API's provider until an SDK registers one (what a proxy with no delegate hands its calls to). */
const NO_PROVIDER = new ProxyTracerProvider().getDelegate();

/**
 * Whether an OpenTelemetry SDK is registered (the API's proxy provider then delegates to it): without one a span
 * records nothing, and none is made (every chat call would pay for it).
 */
function tracing(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NO_PROVIDER;
}

/**
 * Runs an event's handling inside the event's root span: the platform's and the chat's calls made for it are its
 * children, its log lines carry its trace id (where an SDK is registered).
 */
export function withinEvent<T>(event: { chat: ChatKind; kind: string }, fn: () => Promise<T>): Promise<T> {
  if (!tracing()) return fn();
  const attributes = { 'iip.chat': event.chat, 'iip.event.kind': event.kind };
  return tracer().startActiveSpan(`event ${event.kind}`, { kind: SpanKind.SERVER, attributes }, (span) => fn().finally(() => span.end()));
}

/** Runs `fn` in a child span of the current one (an event's), ended when it settles, marked as an error when it throws. */
export function inSpan<T>(name: string, attributes: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  if (!tracing()) return fn();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A workspace's usage of one day: commands by verb and platform calls by operation id. */
export interface UsageCounts {
  commands: Record<string, number>;
  calls: Record<string, number>;
}

/** Where usage is counted (state/usage-recorder.ts keeps it in the state store's settings, in daily buckets). */
export interface UsageSink {
  record(chat: ChatKind, workspaceId: string, kind: keyof UsageCounts, name: string): void;
  /** writes what was counted but not stored yet (counts are batched), so a reader sees it */
  flush?(): Promise<void>;
}

/** Days of usage kept; older daily buckets are deleted. */
export const USAGE_KEEP_DAYS = 31;

/** The UTC day of a time, as the buckets name it: `2026-11-24`. */
export const usageDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The setting that holds one workspace's usage of one day. */
export const usageKey = (chat: ChatKind, workspaceId: string, day: string): string => `usage:${chat}:${workspaceId}:${day}`;

/** Reads a stored day, tolerating a missing or damaged value (it counts as nothing). */
export function parseUsage(text: string | undefined): UsageCounts {
  try {
    const value: unknown = text === undefined ? undefined : JSON.parse(text);
    const { commands, calls } = (value ?? {}) as Partial<UsageCounts>;
    return { commands: { ...(commands ?? {}) }, calls: { ...(calls ?? {}) } };
  } catch {
    return { commands: {}, calls: {} };
  }
}
