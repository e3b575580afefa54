/**
 * The inbox: every event the bot acts on is recorded durably before its chat platform is told it arrived
 * (Slack's HTTP answer or Socket Mode ack, Teams' turn response), so a process killed between the
 * acknowledgement and the event's own first record loses nothing: a restart, or on a shared store another
 * replica, handles the entry again. The router records (`Router.accept`), hands an entry over (`done`) as soon
 * as the event's handling has written a thread record of its own (from then on that record's recovery owns the
 * work: a request recorded before it is sent is shown with Retry, never sent twice) or when the handling ends,
 * and replays what is left (core/waits.ts). Implementations: src/state/inbox-memory.ts, inbox-file.ts (a small
 * fsynced file per entry beside STATE_FILE), inbox-redis.ts (REDIS_URL).
 *
 * An entry also dedupes its event: `record` of an id that is pending, or was done less than
 * `INBOX_KEEP_DONE_MS` ago, records nothing and says so, so a retried delivery (Slack's, or one whose
 * acknowledgement was lost with a killed process) is handled once, by whoever holds the entry.
 */
import type { Incoming } from './incoming.js';
import type { ChatKind } from './thread-id.js';

/** Slack retries an unacknowledged event for about 5 minutes; the router's event-id dedupe keeps ids well beyond that. */
export const DEDUPE_TTL_MS = 15 * 60_000;

/** How long a done entry still dedupes its id (as long as the router's event dedupe). */
export const INBOX_KEEP_DONE_MS = DEDUPE_TTL_MS;

export interface InboxEntry {
  /** unique per event and chat: `<chat>:<eventId>`, or `<chat>:local-<uuid>` for an event without an id */
  id: string;
  chat: ChatKind;
  /** the event as the adapter handed it over: plain data */
  incoming: Incoming;
  receivedAt: number;
  /**
   * Set just before the handling's first thread-record write, when the event does not name the thread it writes (a
   * command starting one): that thread and the version the write expected. A replay reads that record and finds
   * the entry's stamp there when the write happened (`ThreadRecord.handedOver`). `stamped`: noted by code that
   * stamps; a note without it (older code) is judged by the version: a record past it was written.
   */
  handover?: { thread: string; version: number; stamped?: true };
}

export interface Inbox {
  /**
   * Records `entry` durably (on disk, fsynced; in Redis) and resolves once it is; false, and nothing written,
   * when its id is pending already or was done within the keep time. Rejects when it cannot record (the caller
   * must then not acknowledge the event).
   */
  record(entry: InboxEntry): Promise<boolean>;
  /** The entry as last written while it is still to be handled (recorded, not done); undefined otherwise. */
  pendingEntry(id: string): Promise<InboxEntry | undefined>;
  /** Durably notes the thread record the entry's handling is about to write (`InboxEntry.handover`). */
  handingOver(id: string, handover: NonNullable<InboxEntry['handover']>): Promise<void>;
  /** The entry is handled or handed over: no replay; its id keeps deduping for the keep time. Idempotent. */
  done(id: string): Promise<void>;
  /** Entries not done and recorded at least `olderThanMs` ago, oldest first. */
  pending(olderThanMs: number): Promise<InboxEntry[]>;
  close(): Promise<void>;
}

/** The lock an entry's handling holds (kept alive while it runs), so a live holder's entry is never replayed. */
export const inboxLock = (id: string): string => `inbox:${id}`;

/** The entries received at least `olderThanMs` before `now`, oldest first, as copies (for stores that keep them in memory). */
export function pendingOlderThan(entries: Iterable<InboxEntry>, olderThanMs: number, now: number): InboxEntry[] {
  const before = now - olderThanMs;
  return [...entries]
    .filter((e) => e.receivedAt <= before)
    .sort((a, b) => a.receivedAt - b.receivedAt)
    .map((e) => structuredClone(e));
}
