/**
 * The bot's messages this session, kept so that edits can be redrawn, choices typed as numbers can be resolved
 * against the message that shows them, and `switch N` can show where a thread stands (after a restart, from
 * the latest messages with choices the session store kept). Bounded: the oldest are
 * forgotten, and an edit of a forgotten message gets MessageGoneError (the relay then posts anew).
 */
import type { OutgoingMessage } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import { hasChoices } from './choices.js';
import type { ConsoleThread } from './types.js';

const MAX_MESSAGES = 500;

export interface StoredMessage {
  key: string;
  thread: ThreadId;
  threadNumber: number;
  number: number;
  message: OutgoingMessage;
  /** what the user ticked in each multi-select, by block id */
  ticks: Map<string, string[]>;
}

export const messageKey = (thread: ThreadId, number: number | string): string => `${thread}#${number}`;

export class MessageBook {
  private readonly byKey = new Map<string, StoredMessage>();

  add(thread: ThreadId, threadNumber: number, number: number, message: OutgoingMessage): StoredMessage {
    const stored: StoredMessage = { key: messageKey(thread, number), thread, threadNumber, number, message, ticks: new Map() };
    this.byKey.set(stored.key, stored);
    for (const key of [...this.byKey.keys()].slice(0, Math.max(0, this.byKey.size - MAX_MESSAGES))) this.byKey.delete(key);
    return stored;
  }

  get(thread: ThreadId, number: number | string): StoredMessage | undefined {
    return this.byKey.get(messageKey(thread, number));
  }

  /** The latest message with choices of each thread, as the session store kept it: its keys can be typed again. */
  restore(threads: readonly ConsoleThread[]): void {
    for (const t of threads) if (t.latest) this.add(t.id as ThreadId, t.number, t.latest.number, t.latest.message);
  }

  latest(thread: ThreadId | undefined, withChoices = false): StoredMessage | undefined {
    if (!thread) return undefined;
    const all = [...this.byKey.values()];
    for (let i = all.length - 1; i >= 0; i -= 1) {
      const stored = all[i];
      if (stored && stored.thread === thread && (!withChoices || hasChoices(stored.message))) return stored;
    }
    return undefined;
  }
}
