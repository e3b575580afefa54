/**
 * Picks the handler for each incoming event: by verb for commands, by the thread's stored workflow for
 * replies, clicks and forms (or by the form's action for forms that belong to no thread). Deduplicates the
 * events it acts on by id in the state store, so a retried delivery (Slack's x-slack-retry-num, a second
 * replica) is answered once; channel chatter it does not act on claims no key. Each event is handled with the
 * platform as its workspace reaches it (its own API key, if any).
 */
import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { Platform } from '../platform/client.js';
import type { Handler, HandlerContext, ResumeReason } from './handler.js';
import type { ActionIncoming, CommandIncoming, FormIncoming, Incoming, ReplyIncoming } from './incoming.js';
import { markdown } from './message.js';
import { helpMessage, nothingToCancelMessage, unknownVerbMessage } from './help.js';
import { firstWordMistake, withoutCopiedInvocation, wordMistake } from './verb-guess.js';
import { threadCommand } from './thread-commands.js';
import { withdrawQueued } from './queue-wait.js';
import { userMessage } from './user-errors.js';
import { conversationOf, type ChatKind } from './thread-id.js';
import { InFlight } from './in-flight.js';
import type { ThreadRecord } from './state.js';
import { DEDUPE_TTL_MS, type Inbox, type InboxEntry } from './inbox.js';
import { Intake } from './intake.js';
import { noopMetrics, watchEvent, withinEvent, type BotMetrics, type EventScope } from './metrics.js';
import { callingFor } from '../platform/client.js';
import { defaultLanguage, languageOf, translatorFor, type Lang } from '../i18n/index.js';
import { eventLanguage, recordLanguage, speaking } from './language.js';

export interface RouterOptions {
  /** the platform a workspace's events use; default: `ctx.platform` for all */
  platformFor?: (workspaceId: string) => Platform;
  /** what a mention or DM without a known verb means */
  defaultVerb?: string;
  /**
   * whether a workspace of this chat may use the bot (ALLOWED_SLACK_TEAMS, ALLOWED_TEAMS_TENANTS); default every
   * one. A refused event gets a short note where one can be shown, and touches neither the platform nor the state.
   */
  admits?: (chat: ChatKind, workspaceId: string) => boolean;
  /** where `accept` records events before they are acknowledged (core/inbox.ts); without it `accept` only dispatches */
  inbox?: Inbox;
  /** where the router reports dedupe hits, commands and each event's scope (core/metrics.ts); default none */
  metrics?: BotMetrics;
}

export class Router {
  private readonly byVerb = new Map<string, Handler>();
  private readonly byWorkflow = new Map<string, Handler>();
  private readonly inFlight = new InFlight();
  private readonly intake: Intake | undefined;
  /** every word that starts something: the handlers' verbs and the router's own */
  private readonly verbs: string[];
  private readonly metrics: BotMetrics;

  constructor(
    private readonly handlers: readonly Handler[],
    private readonly ctx: HandlerContext,
    private readonly options: RouterOptions = {},
  ) {
    for (const h of handlers) {
      for (const verb of h.verbs) this.byVerb.set(verb, h);
      this.byWorkflow.set(h.workflow, h);
    }
    this.verbs = [...this.byVerb.keys(), 'help', 'status'];
    this.metrics = options.metrics ?? noopMetrics;
    this.intake = options.inbox
      ? new Intake(options.inbox, {
          chat: this.chat,
          logger: ctx.logger,
          admits: (incoming) => this.admits(incoming),
          refuseWorkspace: (incoming) => this.refuseWorkspace(incoming),
          continued: (incoming) => this.continued(ctx, incoming),
          contextFor: (workspaceId) => this.contextFor(workspaceId),
          act: (actCtx, incoming, known) => this.act(actCtx, incoming, known),
          track: (work) => void this.inFlight.track(work),
          duplicate: () => this.metrics.dedupeHit(this.chat),
        })
      : undefined;
  }

  /** The context a workspace's work runs in (also for resuming its waits after a restart). */
  contextFor(workspaceId: string): HandlerContext {
    return this.options.platformFor ? { ...this.ctx, platform: this.options.platformFor(workspaceId) } : this.ctx;
  }

  /** The chat this router's events come from. */
  get chat(): ChatKind {
    return this.ctx.messenger.chat;
  }

  /**
   * Hands a recorded wait to its workflow's handler in its workspace's context (not awaited: a wait runs on);
   * false when no handler here continues such records.
   */
  resume(record: ThreadRecord, reason: ResumeReason): boolean {
    const handler = this.byWorkflow.get(record.workflow);
    if (!handler?.resume) return false;
    // no user event here: the thread goes on in the language it started in
    const lang = recordLanguage(record);
    const ctx = speaking(this.contextFor(record.workspaceId), lang);
    handler.resume!(ctx, record, reason).catch((error: unknown) => ctx.logger.error({ err: error, thread: record.thread }, 'resuming a wait failed'));
    return true;
  }

  /**
   * The language this router's events are handled in for a user now (their `/iip lang` choice, their chat's, the
   * default), for what their chat shows before any event of theirs arrives (Slack's assistant pane prompts). For a
   * workspace not admitted the state is not read, as for its events' refusal note: the default.
   */
  userLanguage(workspaceId: string, userId: string, locale?: string): Promise<Lang> {
    if (this.options.admits && !this.options.admits(this.chat, workspaceId)) return Promise.resolve(defaultLanguage());
    return eventLanguage(this.contextFor(workspaceId), { workspaceId, userId, ...(locale ? { locale } : {}) });
  }

  /** Handles one event; resolves when its handler is done (streams finished, state written). */
  dispatch(incoming: Incoming): Promise<void> {
    return this.inFlight.track(this.handle(incoming));
  }

  /**
   * Records an event in the inbox, then handles it in the background (tracked like `dispatch`); resolves as soon
   * as it is recorded, so the adapter acknowledges it only then, and rejects when it could not be recorded (the
   * adapter must not acknowledge: the chat platform delivers it again). Without an inbox: `dispatch`.
   */
  accept(incoming: Incoming): Promise<void> {
    if (this.intake) return this.intake.accept(incoming);
    this.dispatch(incoming).catch((error: unknown) => this.ctx.logger.error({ err: error, kind: incoming.kind }, 'handling an event failed'));
    return Promise.resolve();
  }

  /** Handles an inbox entry again (at start, or on a rescan of a shared store); false when it is not this router's. */
  replay(entry: InboxEntry): boolean {
    return this.intake?.replay(entry) ?? false;
  }

  private admits(incoming: Incoming): boolean {
    return !this.options.admits || this.options.admits(this.chat, incoming.workspaceId);
  }

  /** Waits for the events being handled to finish, up to `timeoutMs`; true when all finished in time. */
  drain(timeoutMs: number): Promise<boolean> {
    return this.inFlight.drain(timeoutMs);
  }

  private async handle(incoming: Incoming): Promise<void> {
    if (!this.admits(incoming)) return this.refuseWorkspace(incoming);
    const base = this.contextFor(incoming.workspaceId);
    // every log line of this event's work carries its id, so one request can be followed through the logs
    const ctx = { ...base, logger: base.logger.child({ event: incoming.eventId ?? `local-${randomUUID()}`, kind: incoming.kind }) };
    // channel chatter (a reply nobody addressed to the bot, in a thread it keeps no task for) is not acted on,
    // so it claims no dedupe key: decided before claiming, and a retry of it is not acted on either
    const known = incoming.kind === 'reply' && !incoming.mentioned ? await this.continued(ctx, incoming) : undefined;
    if (incoming.kind === 'reply' && !incoming.mentioned && !known) return;
    if (incoming.eventId && !(await ctx.state.setIfNotExists(`event:${incoming.eventId}`, DEDUPE_TTL_MS))) {
      ctx.logger.debug({ eventId: incoming.eventId }, 'duplicate event ignored');
      this.metrics.dedupeHit(this.chat);
      return;
    }
    // routed on the record the chatter check read, as the intake does
    await this.act(ctx, incoming, known);
  }

  /**
   * Runs the event's handler in its sender's language; a failure is logged and told to its user. `known`: the
   * thread's record as read for the event already (a reply's chatter check), not read again.
   */
  private async act(ctx: HandlerContext, incoming: Incoming, known?: ThreadRecord): Promise<void> {
    const { chat } = this;
    const event: EventScope = { chat, workspaceId: incoming.workspaceId, userId: incoming.user.id, receivedAt: Date.now(), firstTextShown: false };
    // an event in a thread reads its record beside its sender's language: two reads, one wait
    const record = known ? Promise.resolve(known) : this.recordOf(ctx, incoming);
    const lang = await eventLanguage(ctx, { workspaceId: incoming.workspaceId, userId: incoming.user.id, locale: incoming.locale });
    const spoken = speaking(ctx, lang);
    // its writes time its first text and answers; its platform calls count for its workspace
    const handling: HandlerContext = {
      ...spoken,
      messenger: spoken.messenger.during(incoming, watchEvent(event, this.metrics)),
      platform: callingFor(spoken.platform, { chat, workspaceId: incoming.workspaceId }),
    };
    return withinEvent({ chat, kind: incoming.kind }, () => this.actWithin(handling, incoming, record, event));
  }

  /** The record of the thread an event acts in, being read; undefined for a command, or a form that opens no thread's. */
  private recordOf(ctx: HandlerContext, incoming: Incoming): Promise<ThreadRecord | undefined> | undefined {
    if (incoming.kind === 'command' || this.outsideThreadOwner(incoming)) return undefined;
    const reading = ctx.state.get(incoming.thread);
    // awaited by inThread; a failure before then (the language's) must not leave it unhandled
    reading.catch(() => undefined);
    return reading;
  }

  /** The handler of a form that acts outside any thread's record (e.g. one opened from the Home tab). */
  private outsideThreadOwner(incoming: Incoming): Handler | undefined {
    if (incoming.kind !== 'form') return undefined;
    const owner = this.handlers.find((h) => h.formActions?.includes(incoming.action));
    return owner?.formOutsideThread ? owner : undefined;
  }

  private async actWithin(
    ctx: HandlerContext,
    incoming: Incoming,
    record: Promise<ThreadRecord | undefined> | undefined,
    event: EventScope,
  ): Promise<void> {
    try {
      if (incoming.kind === 'command') await this.command(ctx, incoming, event);
      else await this.inThread(ctx, incoming, record, event);
    } catch (error) {
      ctx.logger.error({ err: error, kind: incoming.kind }, 'handler failed');
      await this.report(ctx, incoming, error).catch((e: unknown) => ctx.logger.error({ err: e }, 'could not report a failure'));
    }
  }

  /** The task recorded for the reply's thread when a handler here continues it; undefined otherwise. */
  private async continued(ctx: HandlerContext, incoming: ReplyIncoming): Promise<ThreadRecord | undefined> {
    const record = await ctx.state.get(incoming.thread);
    return record !== undefined && this.byWorkflow.has(record.workflow) ? record : undefined;
  }

  private async command(ctx: HandlerContext, incoming: CommandIncoming, event: EventScope): Promise<void> {
    const text = withoutCopiedInvocation(incoming.text);
    const first = text.split(/\s+/)[0] ?? '';
    const verb = first.toLowerCase();
    const where = { thread: incoming.thread, conversation: incoming.conversation };
    this.ranVerb(event, this.byVerb.has(verb) || verb === 'status' ? verb : verb === '' || verb === 'help' ? 'help' : 'other');
    if (verb === '' || verb === 'help')
      return ctx.messenger.notify(where, incoming.user.id, helpMessage(this.handlers, ctx.messenger.invocation, ctx.t));
    if (incoming.thread && (verb === 'status' || verb === 'cancel')) {
      const record = await ctx.state.get(incoming.thread);
      if (record) return threadCommand(ctx, { word: verb, thread: incoming.thread, user: incoming.user.id, record });
    }
    if (verb === 'status')
      return threadCommand(ctx, { word: 'status', user: incoming.user.id, conversation: incoming.conversation, workspaceId: incoming.workspaceId });
    const handler = this.byVerb.get(verb);
    if (handler) return handler.command(ctx, { incoming, verb, args: text.slice(first.length).trim() });
    const { invocation } = ctx.messenger;
    // a question waiting in the answer queue has no record yet: its waiter says it was withdrawn
    if (verb === 'cancel' && first === text && incoming.thread && withdrawQueued(incoming.thread)) return;
    if (verb === 'cancel' && first === text) return ctx.messenger.notify(where, incoming.user.id, nothingToCancelMessage(invocation, ctx.t));
    // a lone typo of a verb (`hepl`) or a word people try as one (`clear`) is a mistake, not a question for the model
    const mistake = wordMistake(text, this.verbs, ctx.t) ?? firstWordMistake(text, this.verbs);
    if (mistake) return ctx.messenger.notify(where, incoming.user.id, unknownVerbMessage(verb, invocation, mistake, ctx.t));
    // a mention or DM with a question and no verb means `ask`; a slash command with an unknown verb is a mistake
    const fallbackVerb = this.options.defaultVerb ?? 'ask';
    const fallback = incoming.thread ? this.byVerb.get(fallbackVerb) : undefined;
    if (fallback) return fallback.command(ctx, { incoming, verb: fallbackVerb, args: text });
    return ctx.messenger.notify(where, incoming.user.id, unknownVerbMessage(verb, invocation, undefined, ctx.t));
  }

  private async inThread(
    ctx: HandlerContext,
    incoming: ReplyIncoming | ActionIncoming | FormIncoming,
    reading: Promise<ThreadRecord | undefined> | undefined,
    event: EventScope,
  ): Promise<void> {
    const { t } = ctx;
    const owner = this.outsideThreadOwner(incoming);
    if (incoming.kind === 'form' && owner?.formOutsideThread) return owner.formOutsideThread(ctx, incoming);
    const record = await (reading ?? ctx.state.get(incoming.thread));
    const handler = record && this.byWorkflow.get(record.workflow);
    if (record && handler) event.verb = record.workflow;
    if (incoming.kind === 'reply' && incoming.assistant && (!record || !handler || this.namesVerb(incoming.text)))
      return this.paneCommand(ctx, incoming, !record, event);
    if (!record || !handler) {
      if (incoming.kind === 'reply' && incoming.mentioned) {
        return this.command(ctx, { ...incoming, kind: 'command', conversation: conversationOf(incoming.thread) }, event);
      }
      if (incoming.kind !== 'reply') {
        await ctx.messenger.notify({ thread: incoming.thread }, incoming.user.id, markdown(t('core:router.unknownTask')));
      }
      return;
    }
    if (incoming.kind === 'reply') {
      const word = incoming.text.trim().toLowerCase();
      if (word === 'status' || word === 'cancel') return threadCommand(ctx, { word, thread: incoming.thread, user: incoming.user.id, record });
      if (handler.threadWords?.includes(word)) return handler.reply?.(ctx, incoming, record);
      // a thread that takes plain replies as input (a chat) or a reply addressed to the bot: a typo is not input
      const mistake = (incoming.mentioned || handler.threadWords) && wordMistake(word, this.verbs, t);
      if (mistake)
        return ctx.messenger.notify({ thread: incoming.thread }, incoming.user.id, unknownVerbMessage(word, ctx.messenger.invocation, mistake, t));
      return handler.reply?.(ctx, incoming, record);
    }
    if (incoming.kind === 'action' && incoming.action === 'cancel')
      return threadCommand(ctx, { word: 'cancel', thread: incoming.thread, user: incoming.user.id, record });
    if (incoming.kind === 'action') return handler.action?.(ctx, incoming, record);
    return handler.form?.(ctx, incoming, record);
  }

  private namesVerb(text: string): boolean {
    const first = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
    return this.byVerb.has(first) || first === 'help';
  }

  /**
   * A message in an assistant pane that starts its thread or names a verb: a command in the thread (a first message
   * without a verb runs the default one). The first also names the thread after its question.
   */
  private async paneCommand(ctx: HandlerContext, incoming: ReplyIncoming, first: boolean, event: EventScope): Promise<void> {
    if (first) {
      const text = incoming.text.trim();
      await ctx.messenger.setTitle(incoming.thread, this.namesVerb(text) ? text.replace(/^\S+\s*/, '') || text : text);
    }
    return this.command(ctx, { ...incoming, kind: 'command', conversation: conversationOf(incoming.thread) }, event);
  }

  /** Names the verb the event runs, for its delays, and counts it for the workspace's usage. */
  private ranVerb(event: EventScope, verb: string): void {
    event.verb = verb;
    trace.getActiveSpan()?.setAttribute('iip.verb', verb);
    this.metrics.command(this.chat, event.workspaceId, verb);
  }

  /** An event from a workspace not on the allow-list: a note to its sender where one fits, nothing else. */
  private async refuseWorkspace(incoming: Incoming): Promise<void> {
    const { logger, messenger } = this.ctx;
    logger.info(
      { chat: this.chat, workspaceId: incoming.workspaceId, kind: incoming.kind },
      'event from a workspace the bot is not enabled for: refused',
    );
    // a reply nobody addressed to the bot (channel chatter) gets no note
    if (incoming.kind === 'reply' && !incoming.mentioned) return;
    const where = incoming.kind === 'command' ? { thread: incoming.thread, conversation: incoming.conversation } : { thread: incoming.thread };
    // the state is not read for a refused workspace: the event's own locale or the default
    const lang = languageOf(incoming.locale) ?? defaultLanguage();
    const t = translatorFor(lang);
    const note = t('core:router.notEnabled');
    await messenger
      .notify(where, incoming.user.id, markdown(note))
      .catch((error: unknown) =>
        logger.warn({ err: error, workspaceId: incoming.workspaceId }, 'could not tell a workspace the bot is not enabled for'),
      );
  }

  private async report(ctx: HandlerContext, incoming: Incoming, error: unknown): Promise<void> {
    const text = `⚠️ ${userMessage(error, ctx.t)}`;
    const thread = 'thread' in incoming ? incoming.thread : undefined;
    const conversation = incoming.kind === 'command' ? incoming.conversation : undefined;
    await ctx.messenger.notify({ thread, conversation }, incoming.user.id, markdown(text));
  }
}
