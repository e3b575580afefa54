/**
 * A user's home: their open and recently finished workflows and answers, each with its state and a link to its
 * thread, what they can start, and for workspace admins the API key in use. Chat-neutral: the Slack adapter
 * renders it as the App Home tab (views.publish); elsewhere it is shown as a message. Built by home.ts.
 */
import type { ThreadStatus } from './state.js';
import type { ThreadId } from './thread-id.js';

/** A thread's state in words as home shows it ('open · at the features review'); undefined when it has no record. */
export type ThreadStateOf = (thread: ThreadId) => Promise<string | undefined>;

export interface HomeEntry {
  thread: ThreadId;
  /** what runs in the thread, e.g. `novelty` or `chat (pharm)` */
  label: string;
  /** what the user started it with (the idea, problem or question), cut short: tells two novelty searches apart */
  title?: string;
  status: ThreadStatus;
  /** the status in words, with the step */
  state: string;
  /** a link that opens the thread, when the chat can make one */
  link?: string;
  startedAt: number;
  updatedAt: number;
}

/** Something the user can start from home: a verb and what it does. */
export interface HomeStart {
  verb: string;
  summary: string;
}

export interface HomeView {
  open: HomeEntry[];
  recent: HomeEntry[];
  /** chats (answers in a thread) and workflows (guided, multi-step) */
  chats: HomeStart[];
  workflows: HomeStart[];
  /** for workspace admins only: which platform API key the workspace uses */
  apiKey?: string;
}
