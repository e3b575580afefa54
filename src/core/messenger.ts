/**
 * What handlers use to talk in a thread: the adapter's methods plus the stream relay, with the core's
 * fallbacks where an adapter lacks a capability (no ephemeral notes: post in the thread). Every message it writes
 * (posts, edits, notes, forms, pictures, files) goes through the conversation's outbox (./outbox/): queued in
 * order, paced by the chat's limits, and tried again after a rate limit or a failure that cannot show it twice.
 */
import type { ChatAdapter, FetchedFile, FileDelivery, MessageRef, OnBehalf, OutgoingFile, Plan, PlanDisplay } from './adapter.js';
import type { CommandIncoming, Incoming, SharedFile } from './incoming.js';
import type { FormSpec, OutgoingMessage } from './message.js';
import type { HandOver } from './hand-over.js';
import type { Lang } from '../i18n/index.js';
import type { EventWatch } from './metrics.js';
import type { HomeView } from './home-view.js';
import type { ChatKind, ConversationId, ThreadId } from './thread-id.js';
import type { RelayRequest, RelayResult, StreamRelay } from './relay/index.js';
import { ChatOutbox, gateOf, type WriteKind, type WritePayload } from './outbox/index.js';
import { conversationOf } from './thread-id.js';

/** The queue a write into a thread joins: its conversation's (a thread id that names none is its own). */
function queueOf(thread: ThreadId): string {
  try {
    return conversationOf(thread);
  } catch {
    return thread;
  }
}

/** The inbox event a messenger writes for, through its hand-over token (core/hand-over.ts). */
export interface EventWrites {
  readonly handOver: Pick<HandOver, 'done'>;
}

/** For whom and how a messenger writes: the event it handles, its language, and what its writes tell (metrics). */
interface WritingFor {
  event?: EventWrites;
  /** the language its messages and forms are in where they name none (`speaking`) */
  lang?: Lang;
  /** the event being handled as it arrived: told to the adapter with a write made on its behalf */
  incoming?: Incoming;
  /** the event's first text and whole answers, timed (the router's, core/metrics.ts) */
  watch?: EventWatch;
}

export class Messenger {
  /**
   * `outbox`: every write of this messenger; default one on the adapter's gate, which its relay shares. `writingFor`:
   * the event, language and watch of a copy (`forEvent`, `speaking`, `during`); `running`: the work users may stop,
   * shared by those copies.
   */
  constructor(
    private readonly adapter: ChatAdapter,
    private readonly relayer: StreamRelay,
    readonly outbox: ChatOutbox = new ChatOutbox(gateOf(adapter)),
    private readonly writingFor: WritingFor = {},
    /** work in progress per thread that a user may stop (Ctrl-C in the terminal) */
    private readonly running = new Map<ThreadId, AbortController>(),
  ) {}

  private with(change: WritingFor): Messenger {
    return new Messenger(this.adapter, this.relayer, this.outbox, { ...this.writingFor, ...change }, this.running);
  }

  /** This messenger for the handling of an inbox event: the same chat, outbox and running work. */
  forEvent(event: EventWrites): Messenger {
    return this.with({ event });
  }

  /** This messenger writing in `lang`: a message or form that names no language is in it. */
  speaking(lang: Lang): Messenger {
    return this.with({ lang });
  }

  /**
   * This messenger handling `incoming`: its writes are made on the event's behalf (Slack answers a slash command
   * where the bot cannot post), and tell `watch` when the event's text is first shown and when an answer is whole.
   */
  during(incoming: Incoming, watch: EventWatch): Messenger {
    return this.with({ incoming, watch });
  }

  /** The language of what it writes, for adapters that render the bot's own words into it. */
  private get lang(): Lang | undefined {
    return this.writingFor.lang;
  }

  /** The event a write is made for, as the adapter is told it. */
  private get behalf(): OnBehalf {
    const { incoming } = this.writingFor;
    return incoming ? { event: incoming } : {};
  }

  /** Tells the event's watch that text is in front of its user. */
  private shown<T>(written: Promise<T>): Promise<T> {
    const { watch } = this.writingFor;
    if (!watch) return written;
    return written.then((value) => {
      watch.shown();
      return value;
    });
  }

  private said<M extends { lang?: Lang }>(message: M): M {
    return this.lang && !message.lang ? { ...message, lang: this.lang } : message;
  }

  /** One write through the outbox into the conversation of `where`. */
  private write<T>(
    where: { thread: ThreadId } | { conversation: ConversationId },
    what: string,
    kind: WriteKind,
    send: (writeId: string, attempt: number) => Promise<T>,
    options: { idempotent?: boolean; once?: boolean; payload?: WritePayload; id?: string } = {},
  ): Promise<T> {
    // an event not handed over yet is the inbox's to handle again, with its writes: journaled without their payload,
    // no recovering replica makes them a second time beside the replay's (core/outbox/recovery.ts)
    const { event } = this.writingFor;
    const replayedByInbox = event !== undefined && !event.handOver.done;
    return this.outbox.write({
      ...(options.id ? { id: options.id } : {}),
      conversation: 'thread' in where ? queueOf(where.thread) : where.conversation,
      ...('thread' in where ? { thread: where.thread } : {}),
      kind,
      what,
      idempotent: options.idempotent ?? false,
      ...(options.once ? { once: true } : {}),
      ...(options.payload && !replayedByInbox ? { payload: options.payload } : {}),
      send,
    });
  }

  /** A signal for platform work in `thread`, aborted by `interrupt(thread)`; call `finish` when done. */
  begin(thread: ThreadId): AbortSignal {
    this.running.get(thread)?.abort();
    const controller = new AbortController();
    this.running.set(thread, controller);
    return controller.signal;
  }

  finish(thread: ThreadId, signal: AbortSignal): void {
    if (this.running.get(thread)?.signal === signal) this.running.delete(thread);
  }

  /** Stops every piece of platform work still running (shutdown past its deadline); how many were stopped. */
  interruptAll(): number {
    const count = this.running.size;
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
    return count;
  }

  /** Stops the platform work running in `thread`; false when there was none. */
  interrupt(thread: ThreadId): boolean {
    const controller = this.running.get(thread);
    if (!controller) return false;
    controller.abort();
    this.running.delete(thread);
    return true;
  }

  get chat(): ChatKind {
    return this.adapter.chat;
  }

  /** the most characters of text one message holds in this chat (the relay cuts longer answers into parts) */
  get maxMessageChars(): number {
    return this.adapter.limits.maxMessageChars;
  }

  /** how users address the bot in this chat (`/iip `, `@iip `, nothing), for usage lines */
  get invocation(): string {
    return this.adapter.invocation;
  }

  /** The thread a command answers in: the one it came from, or a new one under a parent message. */
  async threadFor(incoming: CommandIncoming, first: OutgoingMessage): Promise<ThreadId> {
    if (incoming.thread) return incoming.thread;
    const parent = this.said(first);
    const ref = await this.write({ conversation: incoming.conversation }, 'startThread', 'post', () =>
      this.adapter.startThread(incoming.conversation, parent, this.behalf),
    );
    return ref.thread;
  }

  /**
   * Posts into the thread. `writeId` names the post (an id the caller kept, to find it again); `lookUp` says an
   * earlier attempt with that id may have posted it already (a stopped process), so a chat that can look a post up
   * returns that one instead of posting again.
   */
  post(thread: ThreadId, written: OutgoingMessage, options: { writeId?: string; lookUp?: boolean } = {}): Promise<MessageRef> {
    const message = this.said(written);
    const send = (writeId: string, attempt: number) => this.adapter.post(thread, message, { writeId, retry: attempt > 1 || options.lookUp === true });
    return this.shown(
      this.write({ thread }, 'post', 'post', send, {
        idempotent: this.adapter.dedupesPosts === true,
        payload: { message },
        ...(options.writeId ? { id: options.writeId } : {}),
      }),
    );
  }

  edit(ref: MessageRef, written: OutgoingMessage): Promise<void> {
    const message = this.said(written);
    return this.shown(
      this.write({ thread: ref.thread }, 'edit', 'edit', () => this.adapter.edit(ref, message), {
        idempotent: true,
        payload: { message, messageId: ref.messageId },
      }),
    );
  }

  /** A note for one user; where the platform has no private notes it goes into the thread (or a new one). */
  async notify(target: { thread?: ThreadId; conversation?: ConversationId }, userId: string, written: OutgoingMessage): Promise<void> {
    const message = this.said(written);
    const where = target.thread ?? target.conversation;
    if (!where) throw new Error('notify needs a thread or a conversation');
    const postEphemeral = this.adapter.postEphemeral?.bind(this.adapter);
    const queue = target.thread ? { thread: target.thread } : { conversation: where as ConversationId };
    if (postEphemeral) return this.shown(this.write(queue, 'notify', 'post', () => postEphemeral(where, userId, message, this.behalf)));
    if (target.thread) await this.post(target.thread, message);
    else if (target.conversation) {
      const conversation = target.conversation;
      await this.write({ conversation }, 'notify', 'post', () => this.adapter.startThread(conversation, message, this.behalf));
    }
  }

  /**
   * Relays a platform stream into the thread: native streaming where the adapter has it, else post and edit. A
   * request that names no language is relayed in this messenger's, one that names no recipient to its event's user.
   */
  async relay(request: RelayRequest): Promise<RelayResult> {
    const { lang, watch } = this.writingFor;
    const recipient = request.recipient ?? watch?.scope.userId;
    const result = await this.relayer.relay({
      ...request,
      ...(lang && !request.lang ? { lang } : {}),
      ...(recipient ? { recipient } : {}),
      ...(watch ? { shown: watch.shown } : {}),
    });
    if (watch && result.status === 'complete') watch.answered();
    return result;
  }

  /** Says what the bot is doing in the thread where the chat shows it; '' clears it. Best effort: never throws. */
  async setStatus(thread: ThreadId, status: string): Promise<void> {
    await this.adapter.setStatus?.(thread, status).catch(() => undefined);
  }

  /** Names the thread where the chat lists threads by name. Best effort: never throws. */
  async setTitle(thread: ThreadId, title: string): Promise<void> {
    await this.adapter.setTitle?.(thread, title).catch(() => undefined);
  }

  /** Shows a plan of tasks; undefined when the chat has none or refuses it (then the progress message is edited). */
  async startPlan(thread: ThreadId, recipientUserId: string, plan: Plan): Promise<PlanDisplay | undefined> {
    if (!this.adapter.startPlan) return undefined;
    return this.adapter.startPlan(thread, recipientUserId, plan).catch(() => undefined);
  }

  /** Whether a user may change workspace settings: the adapter decides, else only the console's own user. */
  async isAdmin(workspaceId: string, userId: string): Promise<boolean> {
    if (this.adapter.isAdmin) return this.adapter.isAdmin(workspaceId, userId).catch(() => false);
    return this.adapter.chat === 'console';
  }

  /** The user's locale as the chat knows it; undefined when it cannot tell or the lookup fails. */
  async userLocale(workspaceId: string, userId: string): Promise<string | undefined> {
    if (!this.adapter.userLocale) return undefined;
    return this.adapter.userLocale(workspaceId, userId).catch(() => undefined);
  }

  /** A link to the thread when the adapter can make one; undefined otherwise or when it fails. */
  async permalink(thread: ThreadId): Promise<string | undefined> {
    if (!this.adapter.permalink) return undefined;
    return this.adapter.permalink(thread, this.lang).catch(() => undefined);
  }

  /** Opens a form when the adapter can; false when it cannot (the handler then asks in the thread). */
  async openForm(triggerId: string | undefined, thread: ThreadId, asked: FormSpec): Promise<boolean> {
    const form = this.said(asked);
    const openForm = this.adapter.openForm?.bind(this.adapter);
    if (!openForm) return false;
    // a modal opened from a click's trigger (Slack) is no message in the conversation and must open within the
    // trigger's window: it neither waits behind the conversation's writes nor is tried again
    if (triggerId) await openForm(triggerId, thread, form);
    else await this.write({ thread }, 'openForm', 'post', () => openForm('', thread, form));
    return true;
  }

  /** Whether a form can open without a click (to ask again after a submission that could not be read). */
  get opensFormsUnprompted(): boolean {
    return this.adapter.openForm !== undefined && !this.adapter.formsNeedTrigger;
  }

  /** Whether this chat shows users a home of their own (Slack's App Home tab). */
  get hasHome(): boolean {
    return this.adapter.publishHome !== undefined;
  }

  /** Publishes a user's home; false when the chat has none. */
  async publishHome(workspaceId: string, userId: string, view: HomeView): Promise<boolean> {
    if (!this.adapter.publishHome) return false;
    await this.adapter.publishHome(workspaceId, userId, view, this.lang);
    return true;
  }

  /** Whether files users share reach the bot (the adapter can download them). */
  get canFetchFiles(): boolean {
    return this.adapter.fetchFile !== undefined;
  }

  /** A shared file's bytes; undefined when the adapter cannot download files. */
  async fetchFile(thread: ThreadId, file: SharedFile, maxBytes: number): Promise<FetchedFile | undefined> {
    return this.adapter.fetchFile ? this.adapter.fetchFile(thread, file, maxBytes) : undefined;
  }

  /** Whether a user can name a file on their own computer (the terminal). */
  get canReadLocalFiles(): boolean {
    return this.adapter.readLocalFile !== undefined;
  }

  /** A file on the user's computer (`readLocalFile`); undefined when the chat cannot read one. */
  async readLocalFile(path: string, maxBytes: number): Promise<FetchedFile | undefined> {
    return this.adapter.readLocalFile ? this.adapter.readLocalFile(path, maxBytes) : undefined;
  }

  /** Whether the chat can show images (a picture need not be drawn when it cannot). */
  get canUploadImages(): boolean {
    return this.adapter.uploadImage !== undefined;
  }

  /** Whether the chat can take documents (a report need not be downloaded when it cannot). */
  get canUploadFiles(): boolean {
    return this.adapter.uploadFile !== undefined;
  }

  /** Posts a document into the thread; how it went there (`unavailable` when the adapter cannot post files). */
  async uploadFile(thread: ThreadId, file: OutgoingFile): Promise<FileDelivery> {
    const uploadFile = this.adapter.uploadFile?.bind(this.adapter);
    if (!uploadFile) return 'unavailable';
    return (await this.write({ thread }, 'uploadFile', 'post', () => uploadFile(thread, this.said(file)))) ?? 'attached';
  }

  /** Posts a PNG into the thread; false when the adapter cannot post images. */
  async uploadImage(thread: ThreadId, png: Buffer, title: string): Promise<boolean> {
    const uploadImage = this.adapter.uploadImage?.bind(this.adapter);
    if (!uploadImage) return false;
    await this.write({ thread }, 'uploadImage', 'post', () => uploadImage(thread, png, title, this.lang));
    return true;
  }
}
