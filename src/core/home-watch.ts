/**
 * Watches the thread records handlers write for a thread changing state: a finished one joins its starter's
 * recently finished list (a small setting, so every replica and a restarted bot see it), and the starter's home
 * is refreshed when this process has shown it to them (debounced, so a burst of writes publishes once).
 */
import type { Logger } from '../log.js';
import { MAX_RECENT, parseRecent, recentSetting } from './home.js';
import { isFinished, type StateStore, type ThreadRecord, type ThreadStatus } from './state.js';
import { chatOf, type ThreadId } from './thread-id.js';

/** How long a user's home waits for further changes before it is published again. */
const REFRESH_DEBOUNCE_MS = 300;
/** Open threads whose last status is remembered; an older one forgotten only costs one extra refresh. */
const MAX_WATCHED = 10_000;

export interface HomeWatchOptions {
  /** `chat:workspace:user` of the homes this process has shown */
  shown: ReadonlySet<string>;
  refresh(workspaceId: string, userId: string): Promise<void>;
  logger: Logger;
}

export const homeKey = (chat: string, workspaceId: string, userId: string): string => `${chat}:${workspaceId}:${userId}`;

/** The store as handlers use it, with the watch on compare-and-set; every other method is the store's own. */
export function watchHomes(state: StateStore, options: HomeWatchOptions): StateStore {
  const lastStatus = new Map<ThreadId, ThreadStatus>();
  const pending = new Map<string, NodeJS.Timeout>();

  async function rememberFinished(record: ThreadRecord): Promise<void> {
    const key = recentSetting(chatOf(record.thread), record.workspaceId, record.startedBy);
    await state.withLock(key, async () => {
      const recent = parseRecent(await state.getSetting(key)).filter((t) => t !== record.thread);
      await state.putSetting(key, JSON.stringify([record.thread, ...recent].slice(0, MAX_RECENT)));
    });
  }

  function scheduleRefresh(record: ThreadRecord): void {
    const key = homeKey(chatOf(record.thread), record.workspaceId, record.startedBy);
    if (!options.shown.has(key)) return;
    clearTimeout(pending.get(key));
    const timer = setTimeout(() => {
      pending.delete(key);
      options
        .refresh(record.workspaceId, record.startedBy)
        .catch((error: unknown) => options.logger.warn({ err: error }, 'a home could not be refreshed'));
    }, REFRESH_DEBOUNCE_MS);
    timer.unref();
    pending.set(key, timer);
  }

  const compareAndSet: StateStore['compareAndSet'] = async (thread, expectedVersion, next, fence) => {
    const written = await state.compareAndSet(thread, expectedVersion, next, fence);
    if (!written || lastStatus.get(thread) === written.status) return written;
    if (isFinished(written.status)) {
      lastStatus.delete(thread);
      await rememberFinished(written).catch((error: unknown) =>
        options.logger.warn({ err: error }, 'a finished thread could not be listed for its home'),
      );
    } else {
      lastStatus.set(thread, written.status);
      if (lastStatus.size > MAX_WATCHED) lastStatus.delete(lastStatus.keys().next().value as ThreadId);
    }
    scheduleRefresh(written);
    return written;
  };

  return new Proxy(state, {
    get(target, property) {
      if (property === 'compareAndSet') return compareAndSet;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
