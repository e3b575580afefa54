/**
 * Counts each workspace's commands and platform calls into daily buckets in the state store's settings (so every
 * replica and every store, memory, lowdb or Redis, keeps them), batched in memory and added under a lock; a
 * workspace's bucket older than USAGE_KEEP_DAYS is deleted when it next writes one.
 */
import type { Logger } from '../log.js';
import { parseUsage, USAGE_KEEP_DAYS, usageDay, usageKey, type UsageCounts, type UsageSink } from '../core/metrics.js';
import type { StateStore } from '../core/state.js';
import type { ChatKind } from '../core/thread-id.js';

const DAY_MS = 86_400_000;

interface Pending {
  chat: ChatKind;
  workspaceId: string;
  day: string;
  counts: UsageCounts;
}

export class UsageRecorder implements UsageSink {
  readonly #pending = new Map<string, Pending>();
  /** the workspaces whose expired bucket was deleted already today */
  readonly #pruned = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly state: StateStore,
    private readonly logger: Logger,
    private readonly options: { flushMs?: number; now?: () => number } = {},
  ) {}

  record(chat: ChatKind, workspaceId: string, kind: keyof UsageCounts, name: string): void {
    const day = usageDay(this.#now());
    const key = usageKey(chat, workspaceId, day);
    const entry = this.#pending.get(key) ?? { chat, workspaceId, day, counts: { commands: {}, calls: {} } };
    entry.counts[kind][name] = (entry.counts[kind][name] ?? 0) + 1;
    this.#pending.set(key, entry);
    this.#timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 1_000);
    this.#timer.unref();
  }

  /** Adds what was counted since the last flush to the stored buckets; a failed write keeps its counts for the next. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = [...this.#pending.entries()];
    this.#pending.clear();
    this.#flushing = this.#flushing.then(() => Promise.all(batch.map(([key, entry]) => this.#add(key, entry))).then(() => undefined));
    return this.#flushing;
  }

  async close(): Promise<void> {
    await this.flush();
  }

  async #add(key: string, entry: Pending): Promise<void> {
    try {
      await this.state.withLock(key, async () => {
        const stored = parseUsage(await this.state.getSetting(key));
        for (const kind of ['commands', 'calls'] as const)
          for (const [name, n] of Object.entries(entry.counts[kind])) stored[kind][name] = (stored[kind][name] ?? 0) + n;
        await this.state.putSetting(key, JSON.stringify(stored));
      });
      await this.#prune(entry);
    } catch (error) {
      this.logger.warn({ err: error }, 'usage could not be stored; kept for the next try');
      const again = this.#pending.get(key);
      if (again)
        for (const kind of ['commands', 'calls'] as const)
          for (const [name, n] of Object.entries(entry.counts[kind])) again.counts[kind][name] = (again.counts[kind][name] ?? 0) + n;
      else this.#pending.set(key, entry);
    }
  }

  async #prune(entry: Pending): Promise<void> {
    const marker = `${entry.chat}:${entry.workspaceId}:${entry.day}`;
    if (this.#pruned.has(marker)) return;
    this.#pruned.add(marker);
    // the week past the kept days: a workspace quiet for a few days leaves no bucket behind
    for (let back = USAGE_KEEP_DAYS; back < USAGE_KEEP_DAYS + 7; back += 1) {
      const expired = usageDay(Date.parse(entry.day) - back * DAY_MS);
      await this.state.putSetting(usageKey(entry.chat, entry.workspaceId, expired), undefined);
    }
  }

  #now(): number {
    return (this.options.now ?? Date.now)();
  }
}
