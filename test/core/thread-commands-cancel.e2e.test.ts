/**
 * `cancel` against a record the engine moves meanwhile: the engine's own transitions are compare-and-set writes
 * that take no lock, so one may land between the cancel's read and its write. The cancel is then judged again on
 * the record as it became, and the user is told "changed" only when the record keeps moving.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { HandlerContext } from '../../src/core/handler.js';
import { keepingLanguage } from '../../src/core/language.js';
import { RecordWriter, type RecordHook } from '../../src/core/records.js';
import { threadCommand } from '../../src/core/thread-commands.js';
import { threadId } from '../../src/core/thread-id.js';
import { startWorld, type World } from '../handlers/workflow/world.js';
import { recordInput } from '../state/helpers.js';

let world: World;
let threads = 0;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(() => world.close());

/** A hook that, before each of the first `times` cancel writes, moves the record on as a wait's end would. */
function movingBeforeCancel(times: number): RecordHook & { moved: number } {
  const hook = {
    name: 'moving-before-cancel',
    moved: 0,
    async before(write: Parameters<NonNullable<RecordHook['before']>>[0]) {
      if (write.next.status !== 'cancelled' || hook.moved >= times || !write.previous) return;
      hook.moved += 1;
      const { version: _version, updatedAt: _updatedAt, ...current } = write.previous;
      await world.state.compareAndSet(write.thread, write.expectedVersion, { ...current, step: `moved-${hook.moved}` });
    },
  };
  return hook;
}

async function cancelWith(hook: RecordHook) {
  const thread = threadId('slack', 'T1', 'C1', `1900.${++threads}`);
  const record = await world.state.compareAndSet(thread, 0, recordInput(thread));
  const ctx: HandlerContext = { ...world.contexts.slack, records: RecordWriter.create(world.state, [keepingLanguage, hook]) };
  await threadCommand(ctx, { word: 'cancel', thread, user: 'U1', record });
  const texts = world.adapters.slack.messagesIn(thread).map((m) => JSON.stringify(m.content));
  return { after: await world.state.get(thread), texts };
}

test("a transition written between the cancel's read and write: the cancel reads again and cancels, keeping the transition", async () => {
  const hook = movingBeforeCancel(1);
  const { after, texts } = await cancelWith(hook);
  expect(hook.moved).toBe(1);
  expect(after).toMatchObject({ status: 'cancelled', step: 'moved-1', version: 3 });
  expect(texts).toEqual([expect.stringContaining('Cancelled by')]);
});

test('a record that keeps moving under every attempt: nothing is cancelled and the user is told it changed', async () => {
  const hook = movingBeforeCancel(Number.POSITIVE_INFINITY);
  const { after, texts } = await cancelWith(hook);
  expect(hook.moved).toBe(5);
  expect(after).toMatchObject({ status: 'active', step: 'moved-5' });
  expect(texts).toHaveLength(1);
  expect(texts[0]).not.toContain('Cancelled by');
  expect(texts[0]).toMatch(/changed/i);
});
