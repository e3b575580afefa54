/** What a capability (chat, novelty, ...) implements, and what it is given to work with. */
import type { Lang, Text, Translate } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { Platform } from '../platform/client.js';
import type { HandOver } from './hand-over.js';
import type { RecordWriter } from './records.js';
import type { StateStore, ThreadRecord } from './state.js';
import type { ThreadKinds, ThreadRules } from './thread-kinds.js';
import type { ActionIncoming, CommandIncoming, FormIncoming, ReplyIncoming } from './incoming.js';
import type { Messenger } from './messenger.js';
import type { FileShelf, ProcessMemory, WorkspaceKeys } from './services.js';
import type { WorkLimits } from './limits.js';
import type { UsageSink } from './metrics.js';

/** `start`: the bot (re)started and finds the wait recorded; `rescan`: the periodic look for waits nobody holds. */
export type ResumeReason = 'start' | 'rescan';

export interface BotSettings {
  lang: 'en' | 'cn';
  /** who may press a workflow's buttons: the user who started it (default) or anyone in the channel */
  confirmers: 'starter' | 'anyone';
  /** how long a dead replica's workflow wait stays unclaimed before another takes it over (default 15 s) */
  waitLeaseMs?: number;
  /** how much of one chat answer is posted (ANSWER_MAX_CHARS, ANSWER_MAX_MESSAGES); default 40,000 characters, 10 messages */
  answerCap?: { maxChars: number; maxMessages: number };
}

export interface HandlerContext {
  /** the language this work speaks (the user's, or the thread's for a resumed wait); `speaking` sets it */
  lang: Lang;
  /** the bot's texts in `lang` */
  t: Translate;
  /** the platform as this workspace reaches it (its own API key when an admin set one) */
  platform: Platform;
  /** for reads; every thread record is written through `records` */
  state: StateStore;
  /** the one writer of thread records (core/records.ts), speaking the language of the work in hand */
  records: RecordWriter;
  /**
   * the event's hand-over to its thread record (core/hand-over.ts): passed to the write that makes the event safe
   * there; `NOTHING_TO_HAND_OVER` for work that came from no inbox entry (a resumed wait, the terminal)
   */
  handOver: HandOver;
  /** what each handler says about the threads it owns: their nouns, step names, cancel rule (core/thread-kinds.ts) */
  threadKinds: ThreadKinds;
  messenger: Messenger;
  settings: BotSettings;
  logger: Logger;
  /** what this running bot keeps in its own memory (the waits it runs, the step results it showed) */
  memory: ProcessMemory;
  /** per-workspace API keys (`/iip key`) */
  keyring?: WorkspaceKeys;
  /** serves uploaded images to the platform; absent when the bot has no public URL */
  uploads?: FileShelf;
  /** aborted when the bot stops: background work (workflow waits) ends quietly and is resumed by the next start */
  lifetime?: AbortSignal;
  /** concurrent answers and workflows per user and workspace; absent: no limits */
  limits?: WorkLimits;
  /** where this replica counts each workspace's usage; absent: nothing is counted */
  usage?: UsageSink;
}

export interface CommandInput {
  incoming: CommandIncoming;
  verb: string;
  /** the text after the verb, trimmed */
  args: string;
}

export interface Handler {
  /** the verbs that start it; the first is the canonical one shown in help */
  readonly verbs: readonly string[];
  /** the `workflow` name of the thread records it owns */
  readonly workflow: string;
  readonly help: { summary: Text; usage: Text; example: Text };
  /**
   * Single words its threads take as commands, passed to `reply` (chat's `clear`). A handler with them takes plain
   * replies as input, so a lone typo of a verb there is answered by the router instead of reaching `reply`.
   */
  readonly threadWords?: readonly string[];
  /** what its threads are called, their steps' names, who may cancel one, the lock its records are written under */
  readonly threads?: ThreadRules;
  command(ctx: HandlerContext, input: CommandInput): Promise<void>;
  reply?(ctx: HandlerContext, incoming: ReplyIncoming, record: ThreadRecord): Promise<void>;
  action?(ctx: HandlerContext, incoming: ActionIncoming, record: ThreadRecord): Promise<void>;
  form?(ctx: HandlerContext, incoming: FormIncoming, record: ThreadRecord): Promise<void>;
  /** actions of forms that belong to no thread (settings such as `/iip key`); they go to `formOutsideThread` */
  readonly formActions?: readonly string[];
  formOutsideThread?(ctx: HandlerContext, incoming: FormIncoming): Promise<void>;
  /**
   * Continues a thread whose record has a `wait`: once per record and process after a (re)start, and on every
   * rescan of a shared store (only a wait nobody else holds may be taken over then).
   */
  resume?(ctx: HandlerContext, record: ThreadRecord, reason: ResumeReason): Promise<void>;
}
