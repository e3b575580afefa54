/**
 * Whether a write is made for an event the inbox would handle again: while an event's handling has not handed it
 * over to a thread record (core/hand-over.ts), a process that dies leaves the whole event to the inbox's replay,
 * which makes its writes again. Such writes are journaled without their payload, so a recovering replica does not
 * make them a second time beside the replay's (core/outbox/recovery.ts).
 */
import { ambientSlot } from '../../lib/ambient.js';

interface EventHandOver {
  readonly done: boolean;
}

const scope = ambientSlot<EventHandOver>('inbox hand-over');

/** Runs an inbox event's handling (`handOver`: its token), so the writes made within it know whether it was handed over. */
export function handlingEvent<T>(handOver: EventHandOver, fn: () => Promise<T>): Promise<T> {
  return scope.run(handOver, fn);
}

/** True while the current work belongs to an inbox event not handed over yet: a replay would make its writes again. */
export function replayedByInbox(): boolean {
  const handOver = scope.get();
  return handOver !== undefined && !handOver.done;
}
