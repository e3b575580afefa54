/**
 * Recorded waits (a workflow polling the platform, an answer being written) outlive the process that started
 * them. At start every recorded wait goes to the router of its thread's chat; on a shared store every replica
 * rescans them now and then, so a wait whose holder died is taken over (handlers take a wait only with its lease).
 */
import type { Logger } from '../log.js';
import type { ResumeReason } from './handler.js';
import type { Router } from './router.js';
import type { StateStore } from './state.js';
import type { Inbox } from './inbox.js';
import { chatOf } from './thread-id.js';

function offer(routers: readonly Router[], logger: Logger, record: Parameters<Router['resume']>[0], reason: ResumeReason): boolean {
  let chat: string;
  try {
    chat = chatOf(record.thread);
  } catch {
    return false;
  }
  const router = routers.find((r) => r.chat === chat);
  if (router?.resume(record, reason)) return true;
  if (reason === 'start') logger.warn({ thread: record.thread, workflow: record.workflow }, 'a recorded wait has no handler or adapter here');
  return false;
}

/** Offers each recorded wait once; resolves when all are offered (the waits themselves run on). */
export async function resumeWaits(routers: readonly Router[], state: StateStore, logger: Logger): Promise<number> {
  let resumed = 0;
  for (const record of await state.listWaiting()) if (offer(routers, logger, record, 'start')) resumed += 1;
  if (resumed) logger.info({ resumed }, 'recorded waits resumed');
  return resumed;
}

/**
 * Offers the inbox's pending entries recorded at least `olderThanMs` ago to the router of their chat, which
 * handles each one nobody holds (events acknowledged but cut before their own record); resolves once offered.
 */
export async function resumeInbox(routers: readonly Router[], inbox: Inbox, logger: Logger, olderThanMs: number): Promise<number> {
  let offered = 0;
  for (const entry of await inbox.pending(olderThanMs)) {
    if (routers.some((r) => r.replay(entry))) offered += 1;
    else logger.debug({ entry: entry.id, chat: entry.chat }, 'an inbox entry has no adapter here');
  }
  return offered;
}

/**
 * Every half lease, offers the recorded waits again, and the inbox's entries older than a lease; stops with
 * `signal`. The timer never keeps the process alive.
 */
export function watchWaits(routers: readonly Router[], state: StateStore, logger: Logger, leaseMs: number, signal: AbortSignal, inbox?: Inbox): void {
  if (signal.aborted) return;
  let scanning = false;
  const rescan = async () => {
    if (scanning || signal.aborted) return;
    scanning = true;
    try {
      for (const record of await state.listWaiting()) offer(routers, logger, record, 'rescan');
      if (inbox) await resumeInbox(routers, inbox, logger, leaseMs);
    } finally {
      scanning = false;
    }
  };
  const timer = setInterval(
    () => {
      rescan().catch((error: unknown) => logger.warn({ err: error }, 'the rescan of recorded waits failed'));
    },
    Math.floor(leaseMs / 2),
  );
  timer.unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
