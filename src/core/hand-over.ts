/**
 * An inbox event's hand-over to its thread record: the intake (core/intake.ts) gives the handler a token, and the
 * handler passes it to the record writer (core/records.ts) with the write that makes the event safe in its thread
 * record. That write stamps the record with the event's entry id (`ThreadRecord.handedOver`), in the same
 * compare-and-set, so a replay after a crash knows from the record alone whether the write happened. From that
 * write on, the record's recovery owns the work and the event's inbox entry is done.
 */
import type { ThreadId } from './thread-id.js';

export interface HandOver {
  /** the inbox entry handed over (the id the write stamps on its record); absent for work from no inbox entry */
  readonly entryId?: string;
  /**
   * Before the write that would take the event over: notes which thread it writes, so a replay after a crash
   * finds that record. Nothing is written for the thread the event itself names (a click's), which a replay
   * reads anyway.
   */
  noting(thread: ThreadId, expectedVersion: number): Promise<void>;
  /** The event is now safe in its thread record: its inbox entry is done. Once; later calls do nothing. */
  handedOver(): Promise<void>;
  /** whether `handedOver` was called */
  readonly done: boolean;
}

/** The token of work that came from no inbox entry (the terminal's lines, a resumed wait): nothing to hand over. */
export const NOTHING_TO_HAND_OVER: HandOver = {
  noting: () => Promise.resolve(),
  handedOver: () => Promise.resolve(),
  done: true,
};

/** How many entry ids a record keeps stamped: more than a replay can find handed over to one thread since its own. */
export const HANDED_OVER_KEPT = 8;

/** Whether the inbox entry `entryId` was handed over to `record`; undefined when the record carries no stamps. */
export const stampedWith = (record: { handedOver?: readonly string[] }, entryId: string): boolean | undefined =>
  record.handedOver ? record.handedOver.includes(entryId) : undefined;

/** The stamps of a record after a write that hands `entryId` over to it: the newest last, at most HANDED_OVER_KEPT. */
export const stamping = (stamps: readonly string[] | undefined, entryId: string): string[] =>
  stamps?.includes(entryId) ? [...stamps] : [...(stamps ?? []), entryId].slice(-HANDED_OVER_KEPT);

/**
 * The token of one inbox entry: `note` writes the entry's hand-over, `done` marks it done (once). `ownThread`: the
 * thread the event names (a click's, a reply's), which needs no note.
 */
export function handOverOf(
  entryId: string,
  ownThread: ThreadId | undefined,
  note: (thread: ThreadId, expectedVersion: number) => Promise<void>,
  done: () => Promise<void>,
): HandOver {
  let handed: Promise<void> | undefined;
  return {
    entryId,
    noting: (thread, expectedVersion) => (handed || thread === ownThread ? Promise.resolve() : note(thread, expectedVersion)),
    handedOver: () => (handed ??= done()),
    get done() {
      return handed !== undefined;
    },
  };
}
