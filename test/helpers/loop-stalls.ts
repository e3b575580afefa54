/**
 * How long this process's event loop could not run: the fakes of the chat platforms run in the bot's own process in
 * the tests, so on a busy machine an answer they gave reached the bot later by as much, and a deadline they keep
 * (a trigger_id's 3 seconds, a Retry-After read) would measure the machine instead of the bot. Read off a 10 ms
 * ticker, process-wide, started at first use; a fake credits at most a bounded amount, so a check never goes slack.
 */
const TICK_MS = 10;
/** a timer's usual jitter is not a stall */
const JITTER_MS = 2;
const KEEP_MS = 5 * 60_000;

const stalls: { end: number; ms: number }[] = [];
let ticking: NodeJS.Timeout | undefined;
/** when the ticker last ran */
let lastTick = 0;

function tick(): void {
  lastTick = Date.now();
  ticking = setInterval(() => {
    const now = Date.now();
    const late = now - lastTick - TICK_MS;
    if (late > JITTER_MS) stalls.push({ end: now, ms: late });
    while (stalls.length > 0 && (stalls[0] as { end: number }).end < now - KEEP_MS) stalls.shift();
    lastTick = now;
  }, TICK_MS);
  ticking.unref();
}

/**
 * The stall the loop is in now, not yet recorded: a callback that ran long delays the ticker, but the I/O callbacks
 * queued behind it (a fake's request handler) run before the loop comes back to its timers.
 */
function ongoing(now: number): { end: number; ms: number } | undefined {
  const late = now - lastTick - TICK_MS;
  return ticking && late > JITTER_MS ? { end: now, ms: late } : undefined;
}

/** Starts measuring (once per process); stalls before the first call are not known. */
export function watchLoopStalls(): void {
  if (!ticking) tick();
}

/** ms the loop could not run inside (from, to], at most `capMs`. */
export function stalledBetween(from: number, to: number, capMs: number): number {
  let total = 0;
  const current = ongoing(Date.now());
  for (const { end, ms } of current ? [...stalls, current] : stalls) total += Math.max(0, Math.min(end, to) - Math.max(end - ms, from));
  return Math.min(capMs, total);
}
