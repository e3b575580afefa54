/**
 * The one interface every chat platform implements. Required methods post and edit; the optional ones are
 * capabilities the core uses when present and works around when not (no `nativeStream`: the relay edits a message).
 */
import type { FormSpec, OutgoingMessage } from './message.js';
import type { ChatKind, ConversationId, ThreadId } from './thread-id.js';
import type { Incoming, SharedFile } from './incoming.js';
import type { HomeView } from './home-view.js';
import type { Lang } from '../i18n/index.js';

/** A document a handler posts into a thread (a report). */
export interface OutgoingFile {
  data: Buffer;
  /** with its extension, e.g. `novelty-report.docx` */
  filename: string;
  title: string;
  /** the language it is posted in, for the adapter's own words around it (Teams' file cards); default: the workspace's */
  lang?: Lang;
}

/**
 * How a document reached a thread: posted as a file; offered, so it arrives once the user accepts (Teams' file
 * consent card in a 1:1 chat); as a download link the bot serves for a while (Teams channels and group chats,
 * where a bot cannot post files); or not at all, as this place cannot take it.
 */
export type FileDelivery = 'attached' | 'offered' | 'linked' | 'unavailable';

export interface MessageRef {
  thread: ThreadId;
  /** Slack ts, Teams activity id, console message number */
  messageId: string;
}

/** At most `max` calls in any `windowMs`. */
export interface RateWindow {
  max: number;
  windowMs: number;
}

export interface AdapterLimits {
  /** characters of markdown one message can hold before the text must continue in a new message */
  maxMessageChars: number;
  /**
   * what the relay may send into one conversation (posts, edits and stream calls together), every window at
   * once (Teams limits each conversation); without it only the workspace budget paces the relay (Slack)
   */
  conversationRate?: readonly RateWindow[];
  /** what one conversation may take of new messages (Slack: chat.postMessage about one a second per channel, short bursts) */
  postRate?: readonly RateWindow[];
  /** least time between two appends of one native stream (Teams asks about 1 s); default the relay's edit interval */
  nativeAppendIntervalMs?: number;
  /** the documented calls a minute per workspace of edits and native stream appends (Slack: chat.update Tier 3, 50;
   * chat.appendStream Tier 4, 100): the relay's learned rates never pass them */
  methodsPerMinute?: { readonly edit?: number; readonly stream?: number };
}

/** The event a write is made for, where the chat must know it (none: a resumed wait, a replayed or recovered write). */
export interface OnBehalf {
  event?: Incoming;
}

/** How a post is made: `writeId` is the same on every attempt of one write (the outbox's), `retry` from the second on. */
export interface PostOptions {
  writeId?: string;
  /** an earlier attempt's answer was lost: the adapter that can look the write up does so before posting again */
  retry?: boolean;
}

/** Where a task of a plan stands (Slack's task_update states). */
export type PlanTaskStatus = 'pending' | 'in_progress' | 'complete' | 'error';

/** One platform step of a long workflow step, as a plan shows it. */
export interface PlanTask {
  id: string;
  title: string;
  status: PlanTaskStatus;
  details?: string;
}

/** A long step's progress: its title and its platform steps, in order. */
export interface Plan {
  title: string;
  tasks: readonly PlanTask[];
}

/** A plan being shown: `update` shows the tasks as they are now, `finish` as they ended (no update after it). */
export interface PlanDisplay {
  update(plan: Plan): Promise<void>;
  finish(plan: Plan): Promise<void>;
}

/** One message streamed natively: text appended as it arrives, then the final message. */
export interface NativeStream {
  /** Resolves to the message shown so far where the chat names it (Slack's ts), so the relay can edit it if the stream breaks. */
  // biome-ignore lint/suspicious/noConfusingVoidType: an adapter that names no message (Teams) just resolves
  append(delta: string): Promise<MessageRef | void>;
  stop(final: OutgoingMessage): Promise<MessageRef>;
}

/** Who a native stream is for: Slack streams into a channel only for one user (`recipient_user_id`). */
export interface StreamRecipient {
  userId: string;
}

/** A shared file's bytes, as `fetchFile` downloaded them. */
export interface FetchedFile {
  data: Buffer;
  mimeType?: string;
  name?: string;
}

export interface ChatAdapter {
  readonly chat: ChatKind;
  /** how a user addresses the bot, written before a verb in help and usage lines: `/iip `, `@iip `, or nothing */
  readonly invocation: string;
  readonly limits: AdapterLimits;
  /** Posts the parent message of a new thread in a conversation and returns the thread it opens. */
  /** `behalf.event`: the event the write is made for (Slack: a slash command answered where the bot cannot post) */
  startThread(conversation: ConversationId, message: OutgoingMessage, behalf?: OnBehalf): Promise<MessageRef>;
  post(thread: ThreadId, message: OutgoingMessage, options?: PostOptions): Promise<MessageRef>;
  edit(ref: MessageRef, message: OutgoingMessage): Promise<void>;
  /**
   * A post retried with the same `writeId` never shows twice: the adapter finds what an attempt whose answer was
   * lost posted (Slack: the write id in the message's metadata, looked up in the thread) and posts only the rest.
   */
  readonly dedupesPosts?: boolean;
  /** Removes one of the bot's messages (a fragment left behind when a stream broke); without it, it stays. */
  removeMessage?(ref: MessageRef): Promise<void>;
  /** A note only one user sees; adapters without it post in the thread. */
  postEphemeral?(thread: ThreadId | ConversationId, userId: string, message: OutgoingMessage, behalf?: OnBehalf): Promise<void>;
  /** Opens a form (Slack modal, Teams task module); without it, the core asks field by field in the thread. */
  openForm?(triggerId: string, thread: ThreadId, form: FormSpec): Promise<void>;
  /** a form opens only from a click's trigger (Slack's modals); without it one can also be opened unprompted */
  formsNeedTrigger?: boolean;
  /** Whether a user administers the workspace (Slack: admin or owner); without it only the console's user is. */
  isAdmin?(workspaceId: string, userId: string): Promise<boolean>;
  /** A user's locale as the chat knows it (Slack: users.info's `locale`; the terminal: LANG), e.g. `zh-CN`. */
  userLocale?(workspaceId: string, userId: string): Promise<string | undefined>;
  /**
   * A link that opens the thread (Slack chat.getPermalink); without it, lists name threads without links. `lang`: the
   * language of the list it goes into, where the chat words it (the terminal); default: the workspace's.
   */
  permalink?(thread: ThreadId, lang?: Lang): Promise<string | undefined>;
  /**
   * Shows a user their home (Slack: the App Home tab, views.publish); without it, home is answered as a note. `lang`:
   * the language of the adapter's own words in it (its headings and buttons); default: the workspace's.
   */
  publishHome?(workspaceId: string, userId: string, view: HomeView, lang?: Lang): Promise<void>;
  /** Native streaming (Slack chat.startStream, Teams streaminfo); the relay edits a message without it. */
  nativeStream?(thread: ThreadId, recipient?: StreamRecipient): Promise<NativeStream | undefined>;
  /**
   * Shows a long step's progress as a plan of tasks to `recipientUserId` (Slack: chat.startStream with
   * task_display_mode plan); it throws where the chat refuses, and without it the core edits the progress message.
   */
  startPlan?(thread: ThreadId, recipientUserId: string, plan: Plan): Promise<PlanDisplay>;
  /** The line saying what the bot is doing in `thread` (Slack: assistant.threads.setStatus); '' clears it. */
  setStatus?(thread: ThreadId, status: string): Promise<void>;
  /** Names the thread where the chat lists threads by name (Slack's assistant pane: assistant.threads.setTitle). */
  setTitle?(thread: ThreadId, title: string): Promise<void>;
  /** Downloads a file a user shared in `thread`; over `maxBytes` it throws `FileTooLargeError` (Slack: files.info, the bot token). */
  fetchFile?(thread: ThreadId, file: SharedFile, maxBytes: number): Promise<FetchedFile>;
  /**
   * Reads a file on the user's own computer, its path as they typed it (the terminal: `~/` and paths relative to
   * where the bot runs); over `maxBytes` it throws `FileTooLargeError`, an unreadable path `LocalFileError`.
   */
  readLocalFile?(path: string, maxBytes: number): Promise<FetchedFile>;
  /**
   * Posts a PNG image into the thread (Slack files.uploadV2); without it, handlers describe the image instead. `lang`:
   * the language of the adapter's own words with it (an untitled picture's title); default: the workspace's.
   */
  uploadImage?(thread: ThreadId, png: Buffer, title: string, lang?: Lang): Promise<void>;
  /**
   * Posts a document into the thread (Slack files.uploadV2; the terminal saves it and prints the path; Teams
   * offers it in a 1:1 chat and links it elsewhere). Resolves to how it went there; nothing means attached.
   */
  uploadFile?(thread: ThreadId, file: OutgoingFile): Promise<FileDelivery | undefined>;
  /**
   * Starts receiving; every verified event is handed to `onIncoming` (the router's `accept`), and acknowledged to
   * its chat platform only once that resolves: the event is recorded and its handling runs on. When it rejects
   * (nothing could be recorded) the event is not acknowledged, so the platform delivers it again. The terminal,
   * with nothing to acknowledge, awaits the whole handling (`dispatch`).
   */
  start(onIncoming: (incoming: Incoming) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}
