/**
 * The terminal's threads: numbered in the order they start, with a title and last activity, persisted through a
 * ConsoleSessionStore so that `threads` and `switch N` work across restarts. A command reserves a thread id at
 * once (the prompt moves into it); the thread is numbered and listed when the bot posts its first message there.
 * Each thread also keeps its latest message with choices, so that it can be answered after a restart.
 */
import { z } from 'zod';
import type { ThreadId } from '../../core/thread-id.js';
import type { OutgoingMessage } from '../../core/message.js';
import { redactSecrets } from '../../log.js';
import { SAVED_LATEST } from './saved-message.js';
import type { ConsoleSessions, ConsoleSessionStore, ConsoleThread } from './types.js';

const MAX_THREADS = 200;
const MAX_HISTORY = 200;
const MAX_RESERVED = 20;

const SESSIONS = z.object({
  threads: z.array(
    z.object({
      id: z.string().min(1),
      number: z.number().int().positive().optional(),
      title: z.string(),
      lastActivity: z.number(),
      messages: z.number().int().nonnegative().optional(),
      latest: SAVED_LATEST.optional().catch(undefined),
    }),
  ),
  current: z.string().optional(),
  history: z.array(z.string()).optional(),
});

export class ThreadBook {
  private readonly threads = new Map<string, ConsoleThread>();
  /** reserved by a command, no bot message yet: id → the command line */
  private readonly reserved = new Map<string, string>();
  private currentId: ThreadId | undefined;
  history: string[] = [];
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: ConsoleSessionStore | undefined,
    private readonly newId: () => ThreadId,
    private readonly now: () => number,
    private readonly onSaveError: (error: unknown) => void,
  ) {}

  async load(): Promise<void> {
    const parsed = SESSIONS.safeParse(await this.store?.load());
    if (!parsed.success) return;
    let next = 1;
    for (const t of [...parsed.data.threads].sort((a, b) => (a.number ?? 0) - (b.number ?? 0))) {
      const number = t.number && t.number >= next ? t.number : next;
      next = number + 1;
      const messages = Math.max(t.messages ?? 0, t.latest?.number ?? 0);
      this.threads.set(t.id, { id: t.id, number, title: t.title, lastActivity: t.lastActivity, messages, ...(t.latest ? { latest: t.latest } : {}) });
    }
    const current = parsed.data.current;
    if (current && this.threads.has(current)) this.currentId = current as ThreadId;
    this.history = parsed.data.history ?? [];
  }

  list(): ConsoleThread[] {
    return [...this.threads.values()].sort((a, b) => a.number - b.number);
  }

  get(id: string): ConsoleThread | undefined {
    return this.threads.get(id);
  }

  byNumber(number: number): ConsoleThread | undefined {
    return this.list().find((t) => t.number === number);
  }

  get current(): ThreadId | undefined {
    return this.currentId;
  }

  setCurrent(id: ThreadId | undefined): void {
    this.currentId = id;
    this.save();
  }

  reserve(title: string): ThreadId {
    const id = this.newId();
    this.reserved.set(id, redactSecrets(title));
    // commands answered only with a note never get a message: forget the oldest of those
    for (const old of [...this.reserved.keys()].slice(0, Math.max(0, this.reserved.size - MAX_RESERVED))) this.reserved.delete(old);
    return id;
  }

  hasBotMessages(id: ThreadId): boolean {
    return (this.threads.get(id)?.messages ?? 0) > 0;
  }

  /** Counts a new bot message in `id` (listing the thread if it is new) and returns its number. */
  nextMessage(id: ThreadId, fallbackTitle: string): { thread: ConsoleThread; number: number } {
    let thread = this.threads.get(id);
    if (!thread) {
      const number = Math.max(0, ...[...this.threads.values()].map((t) => t.number)) + 1;
      thread = { id, number, title: this.reserved.get(id) ?? redactSecrets(fallbackTitle), lastActivity: this.now(), messages: 0 };
      this.reserved.delete(id);
      this.threads.set(id, thread);
      this.prune();
    }
    thread.messages += 1;
    thread.lastActivity = this.now();
    this.save();
    return { thread, number: thread.messages };
  }

  /** Records `message` (number `number`) as the thread's latest with choices, or forgets it (`undefined`). */
  setLatest(id: ThreadId, number: number, message: OutgoingMessage | undefined): void {
    const thread = this.threads.get(id);
    if (!thread) return;
    const kept = thread.latest;
    if (message ? kept !== undefined && kept.number > number : kept?.number !== number) return;
    if (message && kept?.number === number && JSON.stringify(kept.message) === JSON.stringify(message)) return;
    if (message) thread.latest = { number, message };
    else delete thread.latest;
    this.save();
  }

  touch(id: ThreadId | undefined, persist = true): void {
    const thread = id && this.threads.get(id);
    if (!thread) return;
    thread.lastActivity = this.now();
    if (persist) this.save();
  }

  remember(history: string[]): void {
    this.history = history.slice(0, MAX_HISTORY);
    this.save();
  }

  /** Queues a write of the current state; writes never overlap and a failed one does not stop the next. */
  save(): void {
    if (!this.store) return;
    const store = this.store;
    this.saving = this.saving.then(() => store.save(this.snapshot())).catch((error: unknown) => this.onSaveError(error));
  }

  async settled(): Promise<void> {
    await this.saving;
  }

  private snapshot(): ConsoleSessions {
    const current = this.currentId && this.threads.has(this.currentId) ? this.currentId : undefined;
    return { threads: this.list().map((t) => ({ ...t })), ...(current ? { current } : {}), history: this.history };
  }

  private prune(): void {
    const excess = this.threads.size - MAX_THREADS;
    if (excess <= 0) return;
    const oldest = [...this.threads.values()]
      .filter((t) => t.id !== this.currentId)
      .sort((a, b) => a.lastActivity - b.lastActivity)
      .slice(0, excess);
    for (const t of oldest) this.threads.delete(t.id);
  }
}
