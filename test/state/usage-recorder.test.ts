/** Usage in daily buckets: batched adds under a lock, sums over 7 and 30 days, buckets past the kept days deleted. */
import { describe, expect, test } from 'vitest';
import { MemoryStateStore } from '../../src/state/memory-store.js';
import { UsageRecorder } from '../../src/state/usage-recorder.js';
import { usageDay, usageKey } from '../../src/core/metrics.js';
import { usageTotals } from '../../src/handlers/usage/handler.js';
import type { HandlerContext } from '../../src/core/handler.js';
import { silentLogger } from '../../src/log.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-24T10:00:00Z');

describe('UsageRecorder', () => {
  test('counts from two recorders (two replicas) add up in the same bucket; a damaged bucket counts as empty', async () => {
    const state = new MemoryStateStore();
    await state.putSetting(usageKey('slack', 'T9', usageDay(NOW)), '{not json');
    const a = new UsageRecorder(state, silentLogger, { now: () => NOW });
    const b = new UsageRecorder(state, silentLogger, { now: () => NOW });
    for (let i = 0; i < 3; i += 1) a.record('slack', 'T9', 'commands', 'ask');
    b.record('slack', 'T9', 'commands', 'ask');
    b.record('slack', 'T9', 'calls', 'AI07');
    await Promise.all([a.flush(), b.flush()]);
    expect(JSON.parse((await state.getSetting(usageKey('slack', 'T9', usageDay(NOW))))!)).toEqual({ commands: { ask: 4 }, calls: { AI07: 1 } });
    // Teams' tenant of the same id is another workspace
    expect(await state.getSetting(usageKey('teams', 'T9', usageDay(NOW)))).toBeUndefined();
  });

  test('7 and 30 days are summed by day; buckets older than the kept days go when the workspace next writes', async () => {
    const state = new MemoryStateStore();
    const put = (back: number, body: object) => state.putSetting(usageKey('slack', 'T1', usageDay(NOW - back * DAY)), JSON.stringify(body));
    await put(6, { commands: { novelty: 1 }, calls: { 'AI35-1': 1 } });
    await put(7, { commands: { novelty: 2 }, calls: {} });
    await put(29, { commands: { ask: 5 }, calls: {} });
    await put(30, { commands: { ask: 100 }, calls: {} });
    await put(31, { commands: { ask: 100 }, calls: {} });
    await put(35, { commands: { ask: 100 }, calls: {} });
    const recorder = new UsageRecorder(state, silentLogger, { now: () => NOW });
    recorder.record('slack', 'T1', 'commands', 'novelty');
    await recorder.close();

    const totals = await usageTotals({ state } as unknown as HandlerContext, 'slack', 'T1', NOW);
    expect(Object.fromEntries(totals.commands)).toEqual({ novelty: [2, 4], ask: [0, 5] });
    expect(Object.fromEntries(totals.calls)).toEqual({ 'AI35-1': [1, 1] });
    expect(await state.getSetting(usageKey('slack', 'T1', usageDay(NOW - 30 * DAY)))).toBeDefined();
    expect(await state.getSetting(usageKey('slack', 'T1', usageDay(NOW - 31 * DAY)))).toBeUndefined();
    expect(await state.getSetting(usageKey('slack', 'T1', usageDay(NOW - 35 * DAY)))).toBeUndefined();
  });

  test('nothing recorded: flush writes nothing', async () => {
    const state = new MemoryStateStore();
    await new UsageRecorder(state, silentLogger, { now: () => NOW }).close();
    expect(await state.getSetting(usageKey('slack', 'T1', usageDay(NOW)))).toBeUndefined();
  });
});
