/**
 * The best schedule of workload (d) as the benchmark prints it beside the bot's figures: 20 streams a minute, then
 * posts (5 at once, one a second), each answer's first text by whichever method serves it first, its final text by
 * appendStream or stopStream for a stream and chat.update for a post.
 */
import { expect, test } from 'vitest';
import { scheduleBound } from '../../bench/relay-bound.js';

test('30 answers at once: 20 stream at once, 5 are posted at once, the other 5 one a second after', () => {
  const answers = Array.from({ length: 30 }, () => ({ firstTokenAt: 0, endedAt: 40_000 }));
  const bound = scheduleBound(answers, 20);
  expect(bound.streamed).toBe(20);
  expect([...bound.firstMs].sort((a, b) => a - b)).toEqual([...Array(25).fill(20), 1_020, 2_020, 3_020, 4_020, 5_020]);
  // finals: 20 appends (100 a minute) and 10 updates (50 a minute), all at once
  expect(bound.finalMs.every((ms) => ms === 20)).toBe(true);
});

test('100 answers over 10 s in one channel: the last first text waits for the next minute of chat.startStream', () => {
  const answers = Array.from({ length: 100 }, (_, i) => ({ firstTokenAt: i * 100, endedAt: i * 100 + 40_000 }));
  const bound = scheduleBound(answers, 0);
  const latest = Math.max(...bound.firstMs.map((ms, i) => ms + i * 100));
  // 20 streams and 5 posts at once, a post a second, 20 more streams 60 s after the first ones: the 100th by about 61 s
  expect(latest).toBeGreaterThanOrEqual(55_000);
  expect(latest).toBeLessThanOrEqual(62_000);
  expect(bound.streamed).toBeGreaterThan(20);
  expect(bound.streamed).toBeLessThanOrEqual(40);
  // over 50 posted answers want chat.update (50 a minute), ending 100 ms apart: the last ones wait for the window
  expect(Math.max(...bound.finalMs)).toBeGreaterThan(10_000);
});
