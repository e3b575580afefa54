/**
 * The record writer's hook (core/records.ts) that watches for a thread changing state: a finished one joins its
 * starter's recently finished list (a small setting, so every replica and a restarted bot see it), and the starter's home
 * is refreshed when this process has shown it to them (debounced, so a burst of writes publishes once).
 */
import type { Logger } from '../log.js';
import { MAX_RECENT, parseRecent, recentSetting } from './home.js';
import type { RecordHook } from './records.js';
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

/** The hook, over the store that keeps the recent lists. */
export function watchingHomes(state: StateStore, options: HomeWatchOptions): RecordHook {
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

  return {
    name: 'home tab',
    async after(written) {
      if (lastStatus.get(written.thread) === written.status) return;
      if (isFinished(written.status)) {
        lastStatus.delete(written.thread);
        await rememberFinished(written).catch((error: unknown) =>
          options.logger.warn({ err: error }, 'a finished thread could not be listed for its home'),
        );
      } else {
        lastStatus.set(written.thread, written.status);
        if (lastStatus.size > MAX_WATCHED) lastStatus.delete(lastStatus.keys().next().value as ThreadId);
      }
      scheduleRefresh(written);
    },
  };
}
