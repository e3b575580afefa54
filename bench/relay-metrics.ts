/** Turns one setting's raw marks (bot side) and facts (what the fake Slack API showed) into the benchmark's numbers. */
import type { AnswerMarks } from './relay-answer.js';
import type { SettingOutcome } from './relay-bot.js';
import type { ScheduleBound } from './relay-bound.js';
import type { AnswerFacts } from './relay-visible.js';
import { max, mean, percentile } from './stats.js';

export interface SettingSummary {
  streams: number;
  /** relay status 'complete' and the fake's final text equal to the simulator's whole answer */
  complete: number;
  /** answers whose first reply did not start with the platform's first token (should be 0) */
  firstPostMismatches: number;
  /** for every chunk of every answer: ms from the relay getting it to Slack showing it */
  chunkDelayMs: number[];
  /** chunks Slack never showed */
  chunksNeverShown: number;
  firstVisibleAddedMs: number[];
  finalDelayMs: number[];
  /** the relay's own part of the two: until it issued the call, before the HTTP hop and the fake */
  relayFirstMs: number[];
  relayFinalMs: number[];
  callsPerAnswer: number[];
  rateLimited: number;
  /** the 429s by method */
  rateLimitedBy: Record<string, number>;
  /** calls made inside a Retry-After window the fake had given */
  insideRetryAfter: number;
  insideRetryAfterBy: Record<string, number>;
  /** the best schedule the documented limits allow, where the setting has them (./relay-bound.ts) */
  bound?: ScheduleBound;
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

/** Each chunk's delay until the answer's visible text first reached its end; undefined for a chunk never shown. */
export function chunkDelays(chunks: ReadonlyArray<[number, number]>, visible: ReadonlyArray<[number, number]>): Array<number | undefined> {
  const delays: Array<number | undefined> = [];
  let next = 0;
  let shown = 0;
  for (const [at, end] of chunks) {
    while (shown < end && next < visible.length) shown = Math.max(shown, visible[next++]![1]);
    delays.push(shown >= end ? Math.max(0, visible[next - 1]![0] - at) : undefined);
  }
  return delays;
}

function addAnswer(summary: SettingSummary, marks: AnswerMarks, facts: AnswerFacts, i: number): void {
  if (marks.status === 'complete' && facts.complete) summary.complete += 1;
  else
    summary.errors.push(
      `answer ${i + 1}: ${marks.status}, ${facts.shownChars}/${facts.expectedChars} chars shown${marks.error ? `: ${marks.error}` : ''}`,
    );
  for (const delay of chunkDelays(marks.chunks, facts.visible)) {
    if (delay === undefined) summary.chunksNeverShown += 1;
    else summary.chunkDelayMs.push(delay);
  }
  const firstShownAt = facts.visible.find(([, chars]) => chars > 0)?.[0];
  if (marks.firstDeltaAt !== undefined && firstShownAt !== undefined) {
    if (!facts.firstPostText.startsWith(marks.firstDelta ?? '')) summary.firstPostMismatches += 1;
    summary.firstVisibleAddedMs.push(firstShownAt - marks.firstDeltaAt);
  }
  if (marks.endedAt !== undefined && facts.wholeAt !== undefined) summary.finalDelayMs.push(facts.wholeAt - marks.endedAt);
  if (marks.firstDeltaAt !== undefined && marks.relayFirstCallAt !== undefined)
    summary.relayFirstMs.push(marks.relayFirstCallAt - marks.firstDeltaAt);
  if (marks.endedAt !== undefined && marks.relayLastCallAt !== undefined) summary.relayFinalMs.push(marks.relayLastCallAt - marks.endedAt);
  if (marks.firstDeltaAt !== undefined && marks.endedAt !== undefined) summary.streamSeconds.push((marks.endedAt - marks.firstDeltaAt) / 1000);
  summary.callsPerAnswer.push(facts.calls);
  summary.rateLimited += facts.rateLimited;
  for (const [method, count] of Object.entries(facts.rateLimitedBy)) summary.rateLimitedBy[method] = (summary.rateLimitedBy[method] ?? 0) + count;
  summary.insideRetryAfter += facts.insideRetryAfter;
  for (const [method, count] of Object.entries(facts.insideRetryAfterBy))
    summary.insideRetryAfterBy[method] = (summary.insideRetryAfterBy[method] ?? 0) + count;
  summary.deltasPerStream.push(marks.deltas);
  summary.answerChars.push(facts.expectedChars);
}

export function summarize(outcome: SettingOutcome): SettingSummary {
  const summary: SettingSummary = {
    streams: outcome.marks.length,
    complete: 0,
    firstPostMismatches: 0,
    chunkDelayMs: [],
    chunksNeverShown: 0,
    firstVisibleAddedMs: [],
    finalDelayMs: [],
    relayFirstMs: [],
    relayFinalMs: [],
    callsPerAnswer: [],
    rateLimited: 0,
    rateLimitedBy: {},
    insideRetryAfter: 0,
    insideRetryAfterBy: {},
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
  outcome.marks.forEach((marks, i) => addAnswer(summary, marks, outcome.facts[i]!, i));
  return summary;
}

export const p50 = (samples: readonly number[]): number => percentile(samples, 50);
export const p99 = (samples: readonly number[]): number => percentile(samples, 99);
export { max, mean };
