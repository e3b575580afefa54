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

function tick(): void {
  let last = Date.now();
  ticking = setInterval(() => {
    const now = Date.now();
    const late = now - last - TICK_MS;
    if (late > JITTER_MS) stalls.push({ end: now, ms: late });
    while (stalls.length > 0 && (stalls[0] as { end: number }).end < now - KEEP_MS) stalls.shift();
    last = now;
  }, TICK_MS);
  ticking.unref();
}

/** Starts measuring (once per process); stalls before the first call are not known. */
export function watchLoopStalls(): void {
  if (!ticking) tick();
}

/** ms the loop could not run inside (from, to], at most `capMs`. */
export function stalledBetween(from: number, to: number, capMs: number): number {
  let total = 0;
  for (const { end, ms } of stalls) total += Math.max(0, Math.min(end, to) - Math.max(end - ms, from));
  return Math.min(capMs, total);
}
