/**
 * Picks the handler for each incoming event: by verb for commands, by the thread's stored workflow for
 * replies, clicks and forms. Deduplicates events by id in the state store, so a retried delivery (Slack's
 * x-slack-retry-num, a second replica) is answered once.
 */
import type { Logger } from '../log.js';
import type { Handler, HandlerContext } from './handler.js';
import type { ActionIncoming, CommandIncoming, FormIncoming, Incoming, ReplyIncoming } from './incoming.js';
import { markdown } from './message.js';
import { helpMessage, unknownVerbMessage } from './help.js';
import { threadCommand } from './thread-commands.js';
import { userMessage } from '../handlers/user-errors.js';
import { conversationOf } from './thread-id.js';

/** Slack retries an unacknowledged event for about 5 minutes; keep ids well beyond that. */
export const DEDUPE_TTL_MS = 15 * 60_000;

export class Router {
  private readonly byVerb = new Map<string, Handler>();
  private readonly byWorkflow = new Map<string, Handler>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly handlers: readonly Handler[], private readonly ctx: HandlerContext, private readonly defaultVerb = 'ask') {
    for (const h of handlers) {
      for (const verb of h.verbs) this.byVerb.set(verb, h);
      this.byWorkflow.set(h.workflow, h);
    }
  }

  get verbs(): string[] {
    return [...this.byVerb.keys(), 'help', 'status'];
  }

  private get log(): Logger {
    return this.ctx.logger;
  }

  /** Handles one event; resolves when its handler is done (streams finished, state written). */
  dispatch(incoming: Incoming): Promise<void> {
    const work = this.handle(incoming);
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return work;
  }

  /** Waits for the events being handled to finish, up to `timeoutMs`; true when all finished in time. */
  async drain(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const done = Promise.allSettled([...this.inFlight]).then(() => true);
    try {
      return await Promise.race([done, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async handle(incoming: Incoming): Promise<void> {
    if (incoming.eventId && !(await this.ctx.state.setIfNotExists(`event:${incoming.eventId}`, DEDUPE_TTL_MS))) {
      this.log.debug({ eventId: incoming.eventId }, 'duplicate event ignored');
      return;
    }
    try {
      if (incoming.kind === 'command') await this.command(incoming);
      else await this.inThread(incoming);
    } catch (error) {
      this.log.error({ err: error, kind: incoming.kind }, 'handler failed');
      await this.report(incoming, error).catch((e: unknown) => this.log.error({ err: e }, 'could not report a failure'));
    }
  }

  private async command(incoming: CommandIncoming): Promise<void> {
    const text = incoming.text.trim();
    const first = text.split(/\s+/)[0] ?? '';
    const verb = first.toLowerCase();
    const where = { thread: incoming.thread, conversation: incoming.conversation };
    if (verb === '' || verb === 'help') return this.ctx.messenger.notify(where, incoming.user.id, helpMessage(this.handlers, this.ctx.messenger.platform));
    if (incoming.thread && (verb === 'status' || verb === 'cancel')) {
      const record = await this.ctx.state.get(incoming.thread);
      if (record) return threadCommand(this.ctx, { word: verb, thread: incoming.thread, user: incoming.user.id, record });
    }
    if (verb === 'status') return threadCommand(this.ctx, { word: 'status', user: incoming.user.id, conversation: incoming.conversation, workspaceId: incoming.workspaceId });
    const handler = this.byVerb.get(verb);
    if (handler) return handler.command(this.ctx, { incoming, verb, args: text.slice(first.length).trim() });
    // a mention or DM with a question and no verb means `ask`; a slash command with an unknown verb is a mistake
    const fallback = incoming.thread ? this.byVerb.get(this.defaultVerb) : undefined;
    if (fallback) return fallback.command(this.ctx, { incoming, verb: this.defaultVerb, args: text });
    return this.ctx.messenger.notify(where, incoming.user.id, unknownVerbMessage(verb, this.ctx.messenger.platform));
  }

  private async inThread(incoming: ReplyIncoming | ActionIncoming | FormIncoming): Promise<void> {
    const record = await this.ctx.state.get(incoming.thread);
    const handler = record && this.byWorkflow.get(record.workflow);
    if (!record || !handler) {
      if (incoming.kind === 'reply' && incoming.mentioned) {
        return this.command({ ...incoming, kind: 'command', conversation: conversationOf(incoming.thread) });
      }
      if (incoming.kind !== 'reply') {
        await this.ctx.messenger.notify({ thread: incoming.thread }, incoming.user.id, markdown('This button belongs to a task the bot no longer knows about.'));
      }
      return;
    }
    if (incoming.kind === 'reply') {
      const word = incoming.text.trim().toLowerCase();
      if (word === 'status' || word === 'cancel') return threadCommand(this.ctx, { word, thread: incoming.thread, user: incoming.user.id, record });
      return handler.reply?.(this.ctx, incoming, record);
    }
    if (incoming.kind === 'action' && incoming.action === 'cancel') return threadCommand(this.ctx, { word: 'cancel', thread: incoming.thread, user: incoming.user.id, record });
    if (incoming.kind === 'action') return handler.action?.(this.ctx, incoming, record);
    return handler.form?.(this.ctx, incoming, record);
  }

  private async report(incoming: Incoming, error: unknown): Promise<void> {
    const text = `⚠️ ${userMessage(error)}`;
    const thread = 'thread' in incoming ? incoming.thread : undefined;
    const conversation = incoming.kind === 'command' ? incoming.conversation : undefined;
    await this.ctx.messenger.notify({ thread, conversation }, incoming.user.id, markdown(text));
  }
}

