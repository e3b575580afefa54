/**
 * Slack's rules for a `trigger_id` (views.open): it is good for 3 seconds after the interaction that issued it
 * (`expired_trigger_id` after), and it can be exchanged once (`exchanged_trigger_id` the second time). The
 * harness issues ids in Slack's format with the issue time in milliseconds as a segment (`12.1732790000123.c`),
 * which is how this fake knows when each was issued; an id without such a segment has no known age. The age of an id
 * issued by `freshTriggerId` leaves out the time the process could not run since (loop-stalls.ts, at most
 * TRIGGER_STALL_CREDIT_MS): the fake and the bot share one process in the tests, and a busy machine holding it back is not
 * the bot being slow. An id a test back-dates gets no such credit.
 */
import { stalledBetween, watchLoopStalls } from './loop-stalls.js';

/** Slack's window for opening a view with a trigger. */
export const TRIGGER_WINDOW_MS = 3_000;
export const TRIGGER_STALL_CREDIT_MS = 2_000;

/** The issue time an id carries (a 13-digit millisecond timestamp segment), or undefined. */
export function issuedAt(triggerId: string): number | undefined {
  const stamp = triggerId.split('.').find((segment) => /^\d{13}$/.test(segment));
  return stamp === undefined ? undefined : Number(stamp);
}

/** ids issued by freshTriggerId in this process (at most the last 1,000): their age may be credited the stalls since */
const issuedHere = new Set<string>();

/** A trigger id as Slack would issue it now (its issue time recorded in it). */
export function freshTriggerId(sequence: number, suffix: string): string {
  watchLoopStalls();
  const id = `${sequence}.${Date.now()}.${suffix}`;
  issuedHere.add(id);
  if (issuedHere.size > 1_000) issuedHere.delete(issuedHere.values().next().value as string);
  return id;
}

/** A trigger id issued at `at`, in the past: a click that reached the bot late. */
export const backDatedTriggerId = (sequence: number, suffix: string, at: number): string => `${sequence}.${at}.${suffix}`;

export class FakeSlackTriggers {
  private readonly exchanged = new Set<string>();

  /** Slack's error for exchanging `triggerId` at `now`, or undefined when the exchange is allowed (and now done). */
  exchange(triggerId: unknown, now = Date.now()): 'invalid_trigger_id' | 'expired_trigger_id' | 'exchanged_trigger_id' | undefined {
    if (typeof triggerId !== 'string' || triggerId === '' || triggerId === 'expired') return 'invalid_trigger_id';
    const issued = issuedAt(triggerId);
    const credit = issued !== undefined && issuedHere.has(triggerId) ? stalledBetween(issued, now, TRIGGER_STALL_CREDIT_MS) : 0;
    if (issued !== undefined && now - issued - credit > TRIGGER_WINDOW_MS) return 'expired_trigger_id';
    if (this.exchanged.has(triggerId)) return 'exchanged_trigger_id';
    this.exchanged.add(triggerId);
    return undefined;
  }
}
