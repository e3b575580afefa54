/** Relays a stream of text deltas into one chat message (and its continuations) through any ChatAdapter. */
import { translatorFor } from '../../i18n/index.js';
import { silentLogger } from '../../log.js';
import type { ChatAdapter } from '../adapter.js';
import { conversationOf, workspaceOf } from '../thread-id.js';
import { AnswerDocument } from './answer-document.js';
import { gateOf, type ConversationGate } from '../outbox/conversation-gate.js';
import { defaultRender } from './compose.js';
import { DeltaReader } from './delta-reader.js';
import { EditPump } from './edit-pump.js';
import { guardedAdapter } from './guarded-adapter.js';
import { noticedAdapter } from './noticed-adapter.js';
import { NativePath, openNativeStream } from './native-path.js';
import type { PathOutcome, RelayContext } from './relay-context.js';
import type { RelayOptions, RelayRequest, RelayResult } from './types.js';
import { WorkspaceBudget } from './workspace-budget.js';

export class StreamRelay {
  private readonly budget: WorkspaceBudget;
  private readonly minEditIntervalMs: number;
  /** the conversation's pacing and Retry-After pauses, shared with the messenger's outbox */
  private readonly gate: ConversationGate;

  /** One instance per adapter: its workspace budgets are shared by every relay it runs. */
  constructor(
    private readonly adapter: ChatAdapter,
    private readonly options: RelayOptions = {},
  ) {
    this.minEditIntervalMs = options.minEditIntervalMs ?? 1000;
    this.budget = new WorkspaceBudget(options.workspaceEditsPerMinute ?? 45, options.budgetWindowMs ?? 60_000, Date.now, {
      adaptive: options.adaptiveBudget ?? true,
      ...(adapter.limits.methodsPerMinute ? { ceilingsPerMinute: adapter.limits.methodsPerMinute } : {}),
    });
    this.gate = options.gate ?? gateOf(adapter);
  }

  /** The adapter as this request's run sees it: asking its guard before each call, telling when text is first shown. */
  private adapterFor(request: RelayRequest): ChatAdapter {
    const guarded = request.guard ? guardedAdapter(this.adapter, request.guard) : this.adapter;
    return request.shown ? noticedAdapter(guarded, request.shown) : guarded;
  }

  /**
   * Resolves once the last text is visible (or the relay gave up); never rejects for chat or stream errors.
   * `render` may be called several times for the same text and must not have side effects.
   */
  async relay(request: RelayRequest): Promise<RelayResult> {
    const doc = new AnswerDocument(this.adapter.limits.maxMessageChars);
    const reader = new DeltaReader(request.deltas, doc);
    const t = translatorFor(request.lang);
    // decoded once: the native path paces every append by it
    const conversation = conversationOf(request.thread);
    const ctx: RelayContext = {
      adapter: this.adapterFor(request),
      thread: request.thread,
      workspace: workspaceOf(request.thread),
      budget: this.budget,
      minEditIntervalMs: this.minEditIntervalMs,
      pace: this.gate.paces ? (kind) => this.gate.take(conversation, kind) : () => Promise.resolve(),
      paceWait: (kind) => this.gate.waitFor(conversation, kind),
      // Teams limits each conversation, Slack each channel's posts: a Retry-After there holds back the outbox's writes too
      rateLimited: (ms, kind) => {
        const { conversationRate, postRate } = this.adapter.limits;
        if (conversationRate || (kind === 'post' && postRate)) this.gate.pause(conversation, ms);
      },
      now: Date.now,
      logger: this.options.logger ?? silentLogger,
      doc,
      reader,
      render: request.render ?? defaultRender(t),
      retry: request.retry,
      placeholder: request.placeholder,
      recipient: request.recipient,
      feedback: request.feedback,
      t,
      ...(request.lang ? { lang: request.lang } : {}),
    };
    reader.start();
    let outcome: PathOutcome;
    try {
      outcome = await this.run(ctx);
    } catch (error) {
      reader.cancel(); // a throwing `render` is a bug in the caller: release the stream, then report it
      throw error;
    }
    const status = outcome.status === 'done' ? (reader.failed ? 'interrupted' : 'complete') : outcome.status;
    const error = status === 'interrupted' ? reader.error : outcome.error;
    return { status, text: doc.text, parts: doc.parts(), messages: outcome.messages, ...(error === undefined ? {} : { error }) };
  }

  private async run(ctx: RelayContext): Promise<PathOutcome> {
    const native = await openNativeStream(ctx);
    if (!native) return new EditPump(ctx).run();
    const result = await new NativePath(ctx, native).run();
    if (result.kind === 'finished') return result.outcome;
    return new EditPump(ctx, result.fromPart, result.messages, result.current).run();
  }
}
