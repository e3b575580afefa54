/** After the bot (re)starts: every recorded wait goes to its workflow's handler, on the adapter of its thread's platform. */
import type { Handler, HandlerContext } from '../../core/handler.js';
import { platformOf } from '../../core/thread-id.js';
import type { Logger } from '../../log.js';
import type { ThreadRecord } from '../../state/store.js';

/** Dispatches each waiting record once; resolves when all are dispatched (the waits themselves run on). */
export async function resumeWaits(handlers: readonly Handler[], contexts: readonly HandlerContext[], logger: Logger): Promise<number> {
  const first = contexts[0];
  if (!first) return 0;
  const waiting = await first.state.listWaiting();
  let resumed = 0;
  for (const record of waiting) if (dispatchResume(handlers, contexts, logger, record)) resumed += 1;
  if (resumed) logger.info({ resumed }, 'workflow: recorded waits resumed');
  return resumed;
}

/** Hands one recorded wait to its handler (not awaited); false when no handler or adapter here can take it. */
export function dispatchResume(handlers: readonly Handler[], contexts: readonly HandlerContext[], logger: Logger, record: ThreadRecord): boolean {
  const handler = handlers.find((h) => h.workflow === record.workflow);
  let platform: string;
  try {
    platform = platformOf(record.thread);
  } catch {
    return false;
  }
  const base = contexts.find((c) => c.messenger.platform === platform);
  if (!handler?.resume || !base) {
    logger.warn({ thread: record.thread, workflow: record.workflow }, 'workflow: a recorded wait has no handler or adapter here');
    return false;
  }
  // the wait goes on with the platform key of the record's workspace, as the router gives its events
  const ctx = base.keyring ? { ...base, platform: base.keyring.platformFor(record.workspaceId) } : base;
  handler.resume(ctx, record).catch((error: unknown) => logger.error({ err: error, thread: record.thread }, 'workflow: resuming a wait failed'));
  return true;
}
