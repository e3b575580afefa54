/**
 * A map-backed fake ChatAdapter that behaves like a chat platform: messages per thread with their content and
 * edit history, latency per call, a per-workspace edit budget answered with 429s, injected failures, deleted
 * messages, optional native streaming, and a timestamped record of every call.
 */
import type { AdapterLimits, ChatAdapter, MessageRef, NativeStream, OnBehalf, StreamRecipient } from '../../src/core/adapter.js';
import { ChatRateLimitedError, MessageGoneError } from '../../src/core/chat-errors.js';
import type { Incoming } from '../../src/core/incoming.js';
import type { OutgoingMessage } from '../../src/core/message.js';
import { workspaceOf, type ChatKind, type ConversationId, type ThreadId } from '../../src/core/thread-id.js';

export type CallKind = 'startThread' | 'post' | 'edit' | 'stream' | 'append' | 'stop';
export type Outcome = 'ok' | 'rate-limited' | 'gone' | 'failed';

export interface CallRecord {
  kind: CallKind;
  /** when the call was made (the clock tests and the relay share: Date.now, fakeable) */
  at: number;
  /** when its answer (or error) was delivered */
  settledAt?: number;
  outcome?: Outcome;
  thread: ThreadId | ConversationId;
  messageId?: string;
  message?: OutgoingMessage;
  delta?: string;
  /** a native stream's recipient, as the relay named it */
  recipient?: StreamRecipient;
  /** the event a new thread was started for (`OnBehalf`) */
  event?: Incoming;
}

export interface FakeMessage {
  ref: MessageRef;
  content: OutgoingMessage;
  /** every content the message has shown, first post included */
  history: OutgoingMessage[];
  deleted: boolean;
}

export interface FakeAdapterOptions {
  chat?: ChatKind;
  maxMessageChars?: number;
  /** delay before every call is answered */
  latencyMs?: number;
  /** at most `edits` accepted edits per workspace in any `windowMs`; more are answered with a 429 */
  editBudget?: { edits: number; windowMs: number };
  /** native streaming: present and working, present but returning undefined, or throwing */
  native?: 'available' | 'unavailable' | 'throws';
}

type Injected = { kind: CallKind; error: () => Error };

export class FakeChatAdapter implements ChatAdapter {
  readonly chat: ChatKind;
  readonly invocation: string;
  readonly limits: AdapterLimits;
  readonly calls: CallRecord[] = [];
  nativeStream?: (thread: ThreadId, recipient?: StreamRecipient) => Promise<NativeStream | undefined>;
  /** called synchronously with every call record, before the call is answered */
  onCall?: (call: CallRecord) => void;
  private readonly byThread = new Map<string, FakeMessage[]>();
  private readonly byId = new Map<string, FakeMessage>();
  private readonly acceptedEdits = new Map<string, number[]>();
  private readonly injected: Injected[] = [];
  private readonly inFlight = new Map<string, number>();
  private maxInFlight = 0;
  private nextId = 1;

  constructor(private readonly options: FakeAdapterOptions = {}) {
    this.chat = options.chat ?? 'slack';
    this.invocation = { slack: '/iip ', teams: '@iip ', console: '' }[this.chat];
    this.limits = { maxMessageChars: options.maxMessageChars ?? 3000 };
    if (options.native) this.nativeStream = (thread, recipient) => this.openStream(thread, options.native!, recipient);
  }

  /** The next `count` calls of `kind` fail with a 429 asking to wait `retryAfterMs`. */
  rateLimitNext(kind: CallKind, count: number, retryAfterMs: number): void {
    this.failNext(kind, count, () => new ChatRateLimitedError(retryAfterMs, 'fake'));
  }

  failNext(kind: CallKind, count: number, error: () => Error): void {
    for (let i = 0; i < count; i += 1) this.injected.push({ kind, error });
  }

  deleteMessage(ref: MessageRef): void {
    this.message(ref).deleted = true;
  }

  message(ref: MessageRef): FakeMessage {
    const message = this.byId.get(ref.messageId);
    if (!message) throw new Error(`no message ${ref.messageId}`);
    return message;
  }

  messagesIn(thread: ThreadId): FakeMessage[] {
    return this.byThread.get(thread) ?? [];
  }

  callsOf(kind: CallKind): CallRecord[] {
    return this.calls.filter((call) => call.kind === kind);
  }

  /** the most calls that were ever in flight at once for one message */
  get maxInFlightPerMessage(): number {
    return this.maxInFlight;
  }

  async startThread(conversation: ConversationId, message: OutgoingMessage, behalf?: OnBehalf): Promise<MessageRef> {
    const call = { kind: 'startThread', thread: conversation, message, ...(behalf?.event ? { event: behalf.event } : {}) } as const;
    return this.call(call, () => this.create(conversation as string as ThreadId, message).ref);
  }

  async post(thread: ThreadId, message: OutgoingMessage): Promise<MessageRef> {
    return this.call({ kind: 'post', thread, message }, () => this.create(thread, message).ref);
  }

  async edit(ref: MessageRef, message: OutgoingMessage): Promise<void> {
    const target = this.message(ref);
    await this.call(
      { kind: 'edit', thread: ref.thread, messageId: ref.messageId, message },
      () => {
        if (target.deleted) throw new MessageGoneError(ref);
        this.show(target, message);
      },
      () => this.chargeEdit(ref.thread),
    );
  }

  async start(_onIncoming: (incoming: Incoming) => Promise<void>): Promise<void> {}
  async stop(): Promise<void> {}

  private async openStream(
    thread: ThreadId,
    mode: 'available' | 'unavailable' | 'throws',
    recipient?: StreamRecipient,
  ): Promise<NativeStream | undefined> {
    return this.call({ kind: 'stream', thread, ...(recipient ? { recipient } : {}) }, () => {
      if (mode === 'throws') throw new Error('native streaming is not allowed here');
      if (mode === 'unavailable') return undefined;
      const target = this.create(thread, { text: '' });
      const { ref } = target;
      return {
        append: (delta) =>
          this.call({ kind: 'append', thread, messageId: ref.messageId, delta }, () => this.show(target, { text: target.content.text + delta })),
        stop: (final) =>
          this.call({ kind: 'stop', thread, messageId: ref.messageId, message: final }, () => {
            this.show(target, final);
            return ref;
          }),
      };
    });
  }

  private create(thread: ThreadId, content: OutgoingMessage): FakeMessage {
    const ref: MessageRef = { thread, messageId: String(this.nextId++) };
    const message: FakeMessage = { ref, content, history: [content], deleted: false };
    this.byId.set(ref.messageId, message);
    this.byThread.set(thread, [...this.messagesIn(thread), message]);
    return message;
  }

  private show(message: FakeMessage, content: OutgoingMessage): void {
    message.content = content;
    message.history.push(content);
  }

  /** Counts an edit against its workspace's window or answers 429 until the oldest edit leaves it. */
  private chargeEdit(thread: ThreadId): void {
    const budget = this.options.editBudget;
    if (!budget) return;
    const now = Date.now();
    const workspace = workspaceOf(thread);
    const recent = (this.acceptedEdits.get(workspace) ?? []).filter((at) => at > now - budget.windowMs);
    this.acceptedEdits.set(workspace, recent);
    if (recent.length >= budget.edits) throw new ChatRateLimitedError(recent[0]! + budget.windowMs - now, workspace);
    recent.push(now);
  }

  /** Decided when the call arrives (as a platform would), delivered after the latency. */
  private failureFor(kind: CallKind, admit?: () => void): Error | undefined {
    const index = this.injected.findIndex((injected) => injected.kind === kind);
    if (index >= 0) return this.injected.splice(index, 1)[0]!.error();
    try {
      admit?.();
      return undefined;
    } catch (error) {
      return error as Error;
    }
  }

  private async call<T>(record: Omit<CallRecord, 'at'>, effect: () => T, admit?: () => void): Promise<Awaited<T>> {
    const call: CallRecord = { ...record, at: Date.now() };
    this.calls.push(call);
    this.onCall?.(call);
    const key = call.messageId ?? `post:${call.thread}`;
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight.get(key)!);
    try {
      const failure = this.failureFor(call.kind, admit);
      if (this.options.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
      if (failure) throw failure;
      const result = await effect();
      call.outcome = 'ok';
      return result;
    } catch (error) {
      call.outcome = error instanceof ChatRateLimitedError ? 'rate-limited' : error instanceof MessageGoneError ? 'gone' : 'failed';
      throw error;
    } finally {
      call.settledAt = Date.now();
      this.inFlight.set(key, this.inFlight.get(key)! - 1);
    }
  }
}
