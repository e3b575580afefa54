/**
 * The last check before a Web API request leaves: a call whose method (in its workspace, or its channel where Slack
 * limits per channel) got a 429 waits out that 429's Retry-After here, however long ago the relay's budget granted it.
 *
 * The relay's budget pauses a method when a 429 comes back, but a call it granted before that answer arrived may still
 * be on its way to the request (a lease fence's Redis round trip, the token lookup, an event loop busy with other
 * answers): such a call reached Slack inside the window Slack had just asked the bot to keep free.
 */
import { ChatRateLimitedError } from '../../core/chat-errors.js';

/** Methods Slack limits per conversation rather than per workspace (chat.postMessage: about one a second per channel). */
const PER_CHANNEL: ReadonlySet<string> = new Set(['chat.postMessage', 'assistant.threads.setStatus']);

/**
 * Methods a call of which is refused at once in a pause, with the time left, as Slack itself would answer: views.open
 * and views.push carry a click's trigger_id, which Slack honours for 3 seconds (waiting would only spend it), and
 * chat.startStream opens an answer that can open as a post instead (the relay switches when told the time left,
 * while a start held here would keep its answer blank for up to a minute).
 */
const REFUSED_IN_A_PAUSE: ReadonlySet<string> = new Set(['views.open', 'views.push', 'chat.startStream']);

/** Keys without a pause are forgotten once this many are kept (each entry is dropped when its pause ends anyway). */
const MAX_KEYS = 10_000;
/**
 * A longer Retry-After (past a tier's minute) is not a window to wait out here: it is left to the caller's own rule
 * (the outbox gives a step's post up at once and the workflow shows it later; the relay moves the answer elsewhere).
 */
const MAX_GATED_PAUSE_MS = 60_000;

export interface RetryAfterGate {
  /** Sends the call once its method's pause (if any) has ended; a 429 it gets pauses the method for its Retry-After. */
  send<T>(team: string, method: string, channel: unknown, request: () => Promise<T>): Promise<T>;
  /** calls that found their method paused and waited before leaving */
  readonly held: number;
}

export function retryAfterGate(now: () => number = Date.now): RetryAfterGate {
  const pausedUntil = new Map<string, number>();
  let held = 0;

  const keyOf = (team: string, method: string, channel: unknown): string =>
    PER_CHANNEL.has(method) && typeof channel === 'string' ? `${team} ${method} ${channel}` : `${team} ${method}`;

  async function waitOut(key: string): Promise<void> {
    let waited = false;
    for (;;) {
      const until = pausedUntil.get(key);
      const left = until === undefined ? 0 : until - now();
      if (left <= 0) break;
      if (!waited) held += 1;
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
    }
    if (pausedUntil.has(key) && (pausedUntil.get(key) as number) <= now()) pausedUntil.delete(key);
  }

  function pause(key: string, ms: number): void {
    if (ms > MAX_GATED_PAUSE_MS) return;
    const until = now() + ms;
    if ((pausedUntil.get(key) ?? 0) >= until) return;
    pausedUntil.set(key, until);
    if (pausedUntil.size > MAX_KEYS) {
      const at = now();
      for (const [k, u] of pausedUntil) if (u <= at) pausedUntil.delete(k);
    }
  }

  return {
    get held() {
      return held;
    },
    async send(team, method, channel, request) {
      const key = keyOf(team, method, channel);
      const left = (pausedUntil.get(key) ?? 0) - now();
      if (REFUSED_IN_A_PAUSE.has(method) && left > 0) throw new ChatRateLimitedError(Math.ceil(left), team, 'slack');
      await waitOut(key);
      try {
        return await request();
      } catch (error) {
        if (error instanceof ChatRateLimitedError) pause(key, error.retryAfterMs);
        throw error;
      }
    },
  };
}
