/** Turns one setting's raw marks (bot side) and facts (what the fake Slack API saw) into the benchmark's numbers. */
import type { SettingOutcome } from './relay-bot.js';
import { max, mean, percentile } from './stats.js';

export interface SettingSummary {
  streams: number;
  /** relay status 'complete' and the fake's final text equal to the simulator's whole answer */
  complete: number;
  /** answers whose first reply did not start with the platform's first token (should be 0) */
  firstPostMismatches: number;
  firstVisibleAddedMs: number[];
  finalDelayMs: number[];
  /** the relay's own part of the two: until it issued the call, before the HTTP hop and the fake */
  relayFirstMs: number[];
  relayFinalMs: number[];
  editsPerAnswer: number[];
  updateCalls: number;
  rateLimited: number;
  streamSeconds: number[];
  deltasPerStream: number[];
  answerChars: number[];
  peakRssMb: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  machineLoad: { start: number; end: number; cpus: number };
  wallSeconds: number;
  errors: string[];
}

export function summarize(outcome: SettingOutcome): SettingSummary {
  const summary: SettingSummary = {
    streams: outcome.marks.length,
    complete: 0,
    firstPostMismatches: 0,
    firstVisibleAddedMs: [],
    finalDelayMs: [],
    relayFirstMs: [],
    relayFinalMs: [],
    editsPerAnswer: [],
    updateCalls: 0,
    rateLimited: 0,
    streamSeconds: [],
    deltasPerStream: [],
    answerChars: [],
    peakRssMb: outcome.load.peakRssMb,
    eventLoopDelayP99Ms: outcome.load.eventLoopDelayP99Ms,
    eventLoopDelayMaxMs: outcome.load.eventLoopDelayMaxMs,
    machineLoad: outcome.load.machineLoad,
    wallSeconds: outcome.wallMs / 1000,
    errors: [],
  };
  outcome.marks.forEach((marks, i) => {
    const facts = outcome.facts[i]!;
    if (marks.status === 'complete' && facts.complete) summary.complete += 1;
    else
      summary.errors.push(
        `answer ${i + 1}: ${marks.status}, ${facts.shownChars}/${facts.expectedChars} chars shown${marks.error ? `: ${marks.error}` : ''}`,
      );
    if (marks.firstDeltaAt !== undefined && facts.firstPostAt !== undefined) {
      if (!facts.firstPostText.startsWith(marks.firstDelta ?? '')) summary.firstPostMismatches += 1;
      summary.firstVisibleAddedMs.push(facts.firstPostAt - marks.firstDeltaAt);
    }
    if (marks.endedAt !== undefined && facts.lastCallAt !== undefined) summary.finalDelayMs.push(facts.lastCallAt - marks.endedAt);
    if (marks.firstDeltaAt !== undefined && marks.relayFirstCallAt !== undefined)
      summary.relayFirstMs.push(marks.relayFirstCallAt - marks.firstDeltaAt);
    if (marks.endedAt !== undefined && marks.relayLastCallAt !== undefined) summary.relayFinalMs.push(marks.relayLastCallAt - marks.endedAt);
    if (marks.firstDeltaAt !== undefined && marks.endedAt !== undefined) summary.streamSeconds.push((marks.endedAt - marks.firstDeltaAt) / 1000);
    summary.editsPerAnswer.push(facts.edits);
    summary.updateCalls += facts.updateCalls;
    summary.rateLimited += facts.updateCalls - facts.edits;
    summary.deltasPerStream.push(marks.deltas);
    summary.answerChars.push(facts.expectedChars);
  });
  return summary;
}

export const p50 = (samples: readonly number[]): number => percentile(samples, 50);
export const p99 = (samples: readonly number[]): number => percentile(samples, 99);
export { max, mean };
