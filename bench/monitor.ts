/**
 * Peak resident memory and event-loop delay of this process while a benchmark runs, and the machine's load
 * (other work on the machine shows in latencies: the table says how busy it was).
 */
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProcessLoad {
  peakRssMb: number;
  eventLoopDelayP50Ms: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  /** the machine's 1-minute load average when the run started and ended, and its CPUs */
  machineLoad: { start: number; end: number; cpus: number };
}

const RSS_SAMPLE_MS = 100;
const MB = 1024 * 1024;
/** The histogram records the whole time between two timer ticks; the delay is what exceeds the tick. */
const TICK_MS = 10;
const lateBy = (nanoseconds: number): number => Math.max(0, nanoseconds / 1e6 - TICK_MS);

export function monitorProcess(): { stop(): ProcessLoad } {
  const delay = monitorEventLoopDelay({ resolution: TICK_MS });
  delay.enable();
  const loadAtStart = loadavg()[0]!;
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, RSS_SAMPLE_MS);
  sampler.unref();
  return {
    stop() {
      clearInterval(sampler);
      delay.disable();
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      return {
        peakRssMb: peakRss / MB,
        eventLoopDelayP50Ms: lateBy(delay.percentile(50)),
        eventLoopDelayP99Ms: lateBy(delay.percentile(99)),
        eventLoopDelayMaxMs: lateBy(delay.max),
        machineLoad: { start: loadAtStart, end: loadavg()[0]!, cpus: availableParallelism() },
      };
    },
  };
}
