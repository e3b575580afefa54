/**
 * Slack's rules for a `trigger_id` (views.open): it is good for 3 seconds after the interaction that issued it
 * (`expired_trigger_id` after), and it can be exchanged once (`exchanged_trigger_id` the second time). The
 * harness issues ids in Slack's format with the issue time in milliseconds as a segment (`12.1732790000123.c`),
 * which is how this fake knows when each was issued; an id without such a segment has no known age. The age leaves
 * out the time the process could not run (loop-stalls.ts, at most STALL_CREDIT_MS): the fake and the bot share one
 * process in the tests, and a busy machine holding it back is not the bot being slow.
 */
import { stalledBetween, watchLoopStalls } from './loop-stalls.js';

/** Slack's window for opening a view with a trigger. */
export const TRIGGER_WINDOW_MS = 3_000;
export const STALL_CREDIT_MS = 2_000;

/** The issue time an id carries (a 13-digit millisecond timestamp segment), or undefined. */
export function issuedAt(triggerId: string): number | undefined {
  const stamp = triggerId.split('.').find((segment) => /^\d{13}$/.test(segment));
  return stamp === undefined ? undefined : Number(stamp);
}

/** A trigger id as Slack would issue it now (its issue time recorded in it). */
export function freshTriggerId(sequence: number, suffix: string, now = Date.now()): string {
  return `${sequence}.${now}.${suffix}`;
}

export class FakeSlackTriggers {
  private readonly exchanged = new Set<string>();

  constructor() {
    watchLoopStalls();
  }

  /** Slack's error for exchanging `triggerId` at `now`, or undefined when the exchange is allowed (and now done). */
  exchange(triggerId: unknown, now = Date.now()): 'invalid_trigger_id' | 'expired_trigger_id' | 'exchanged_trigger_id' | undefined {
    if (typeof triggerId !== 'string' || triggerId === '' || triggerId === 'expired') return 'invalid_trigger_id';
    const issued = issuedAt(triggerId);
    if (issued !== undefined && now - issued - stalledBetween(issued, now, STALL_CREDIT_MS) > TRIGGER_WINDOW_MS) return 'expired_trigger_id';
    if (this.exchanged.has(triggerId)) return 'exchanged_trigger_id';
    this.exchanged.add(triggerId);
    return undefined;
  }
}
