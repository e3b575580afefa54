/**
 * Time budgets of an interaction: how long is left before a chat's window closes (Slack lets a `trigger_id` open
 * a form for 3 s), so a handler spends what is left on what matters and skips what would not fit.
 */

/** Slack's window for opening a view with a trigger_id. */
export const SLACK_TRIGGER_WINDOW_MS = 3_000;

/** Milliseconds left before `deadline` (epoch ms); unbounded when there is none. */
export const timeLeft = (deadline: number | undefined, now = Date.now()): number =>
  deadline === undefined ? Number.POSITIVE_INFINITY : deadline - now;

/** The smaller of a step's own budget and what the deadline leaves after `reserveMs` (never below 0). */
export const budget = (ownMs: number, deadline: number | undefined, reserveMs: number, now = Date.now()): number =>
  Math.max(0, Math.min(ownMs, timeLeft(deadline, now) - reserveMs));
