/** What starting the bot takes (BotOptions) and what a started bot offers (RunningBot). */
import type { Lang } from './i18n/index.js';
import type { Config } from './config.js';
import type { ChatAdapter } from './core/adapter.js';
import type { ThreadStateOf } from './core/home-view.js';
import type { Inbox } from './core/inbox.js';
import type { Router } from './core/router.js';
import type { FileShelf, ProcessMemory } from './core/services.js';
import type { StateStore } from './core/state.js';
import type { ThreadId } from './core/thread-id.js';
import type { Logger } from './log.js';
import type { RunningSimulator } from './platform/simulator/types.js';
import type { KeptValues } from './adapters/teams/index.js';

export interface BotOptions {
  config: Config;
  logger?: Logger;
  /**
   * adapters to run besides those the config enables (the CLI passes the console adapter here); `kept`: small values
   * an adapter keeps across restarts; `files`: the bot's file shelf, when it has a PUBLIC_URL; `threadState`: a
   * thread's state in words, as home shows it (the terminal's `threads`)
   */
  extraAdapters?: (verbs: string[], kept: KeptValues, files: FileShelf | undefined, threadState: ThreadStateOf) => ChatAdapter[];
  /** the language for users who chose none and whose chat does not tell theirs; default IIP_LANG's (the terminal: the user's LANG) */
  language?: Lang;
  /**
   * the terminal runs: an image file it names for `design` is served to the platform from PUBLIC_URL (the bot's
   * HTTP server on PORT), or, against the built-in simulator without PUBLIC_URL, from a local address
   */
  localFiles?: boolean;
}

export interface RunningBot {
  /** where the platform is: the real gateway or the built-in simulator */
  platformUrl: string;
  simulator?: RunningSimulator;
  httpUrl?: string;
  /** where `/metrics` is served: METRICS_PORT's server, else the bot's HTTP server; undefined when metrics are off */
  metricsUrl?: string;
  state: StateStore;
  /** where Slack and Teams events are recorded before they are acknowledged (core/inbox.ts) */
  inbox: Inbox;
  /** what this bot keeps in memory only (the waits it runs) */
  memory: ProcessMemory;
  routers: Router[];
  /** stops the platform work running in a thread (Ctrl-C in the terminal); false when there was none */
  interrupt(thread: ThreadId): boolean;
  /**
   * Stops taking new work, lets in-flight work finish (streams, edits, state writes) for up to `deadlineMs`,
   * then interrupts what is left (its messages are marked interrupted with Retry) and closes everything.
   */
  stop(deadlineMs?: number): Promise<void>;
}
