/** The console adapter's public shapes: options, the adapter, and the persisted thread list. */
import type { ChatAdapter } from '../../core/adapter.js';
import type { ThreadStateOf } from '../../core/home-view.js';
import type { OutgoingMessage } from '../../core/message.js';
import type { ConversationId, ThreadId } from '../../core/thread-id.js';
import type { Logger } from '../../log.js';

/** One thread as `threads` lists it and as it is persisted. */
export interface ConsoleThread {
  /** the ThreadId */
  id: string;
  /** what the user types after `switch` */
  number: number;
  /** the line that started it (or the first line of the bot's first message) */
  title: string;
  /** ms since the epoch */
  lastActivity: number;
  /** how many messages the bot posted, so numbering continues after a restart */
  messages: number;
  /** the latest message with choices (its number in the thread), shown again after a restart and on `switch` */
  latest?: { number: number; message: OutgoingMessage };
}

export interface ConsoleSessions {
  threads: ConsoleThread[];
  /** the thread the prompt was in */
  current?: string;
  /** readline history, newest first */
  history?: string[];
}

export interface ConsoleSessionStore {
  load(): Promise<ConsoleSessions | undefined>;
  save(sessions: ConsoleSessions): Promise<void>;
}

export interface ConsoleAdapterOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** redraw in place, ANSI styles, line editing; default: the output is a TTY (and TERM is not `dumb`) */
  interactive?: boolean;
  /** ANSI styles when interactive; default true unless NO_COLOR is set */
  color?: boolean;
  user?: { id: string; name: string };
  /** default `local` */
  workspaceId?: string;
  /**
   * Verbs that start a new task (`ask`, `novelty`, `help`, ...). Inside a thread, a line starting with one of them
   * starts a new thread as a command; any other line is a reply in the thread. Default: none.
   */
  verbs?: string[];
  /** verbs that stay replies inside a thread even when listed in `verbs`; default `status`, `cancel` */
  threadVerbs?: string[];
  /** where threads persist; overrides `sessionFile` */
  sessionStore?: ConsoleSessionStore;
  /** a JSON file for the thread list (createSessionFile) when no `sessionStore` is given */
  sessionFile?: string;
  /** where images posted to a thread (a design's line drawing) are saved as PNG files; without it the terminal takes none */
  imageDir?: string;
  /** where documents posted to a thread (the novelty report) are saved; default `imageDir` */
  documentDir?: string;
  /** the user quit (`exit`, Ctrl-D, Ctrl-C twice) */
  onExit?: () => void;
  /** Ctrl-C while a stream runs: stop the stream of `thread`; true if one was stopped */
  onInterrupt?: (thread: ThreadId) => boolean;
  logger?: Logger;
  /** a thread's state in words, as home shows it, for the `threads` listing; without it the listing shows none */
  threadState?: ThreadStateOf;
  /** clock for activity times and the double Ctrl-C; default Date.now */
  now?: () => number;
}

export interface ConsoleAdapter extends ChatAdapter {
  readonly chat: 'console';
  /** the one conversation of the terminal: commands start threads in it */
  readonly conversation: ConversationId;
  /** resolves once the adapter has closed: the user quit, the input ended, or `stop()` was called */
  readonly closed: Promise<void>;
  /** prints lines above the prompt (before `start`, simply prints them) */
  printBanner(lines: string[]): void;
  /** prints the messages held back when the output is not a terminal (see transcript.ts) */
  flush(): void;
  /** the thread the prompt is in, if any */
  currentThread(): ThreadId | undefined;
}
