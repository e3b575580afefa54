/** When a Slack trigger_id stops opening views: Slack allows 3 seconds from the interaction that issued it. */
import { SLACK_TRIGGER_WINDOW_MS } from '../../../core/deadline.js';

/** How far ahead of this machine's clock Slack's stamp may be before it is not believed. */
const MAX_CLOCK_AHEAD_MS = 1_000;

/**
 * The deadline of a trigger that reaches the bot at `receivedAt`. A click's `action_ts` says when the user
 * clicked, so time the request spent on its way is counted; a stamp outside the window (a clock far off, a
 * replayed payload) is not believed and the window runs from arrival. A slash command has no such stamp.
 */
export function triggerDeadline(actionTs?: string, receivedAt = Date.now()): number {
  const clickedAt = actionTs === undefined ? Number.NaN : Number(actionTs) * 1_000;
  const believable = clickedAt > receivedAt - SLACK_TRIGGER_WINDOW_MS && clickedAt < receivedAt + MAX_CLOCK_AHEAD_MS;
  return (believable ? Math.min(clickedAt, receivedAt) : receivedAt) + SLACK_TRIGGER_WINDOW_MS;
}
