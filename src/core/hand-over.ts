/**
 * An inbox event's hand-over to its thread record: the intake (core/intake.ts) gives the handler a token, and the
 * handler passes it to the record writer (core/records.ts) with the write that makes the event safe in its thread
 * record. From that write on, the record's recovery owns the work and the event's inbox entry is done.
 */
import type { ThreadId } from './thread-id.js';

export interface HandOver {
  /**
   * Before the write that would take the event over: notes the thread and the version the write expects, so a
   * replay after a crash between the write and `handedOver` finds the record written and does not act again.
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

/** The token of one inbox entry: `note` writes the entry's hand-over, `done` marks it done (once). */
export function handOverOf(note: (thread: ThreadId, expectedVersion: number) => Promise<void>, done: () => Promise<void>): HandOver {
  let handed: Promise<void> | undefined;
  return {
    noting: (thread, expectedVersion) => (handed ? Promise.resolve() : note(thread, expectedVersion)),
    handedOver: () => (handed ??= done()),
    get done() {
      return handed !== undefined;
    },
  };
}
