/**
 * The thread lock and the writes made without it (record/deliver.ts): a shown message's id is saved while a click
 * holds the lock, and a click whose write lost to such a write is judged again on the record as it now is.
 */
import { afterEach, expect, test } from 'vitest';
import { markdown } from '../../../../src/core/message.js';
import type { ThreadRecord } from '../../../../src/core/state.js';
import { threadId } from '../../../../src/core/thread-id.js';
import { judged, lockKey, moveAndShow, WRITE_LOST } from '../../../../src/handlers/workflow/record/deliver.js';
import { flowOf, saveFlow, saveShown } from '../../../../src/handlers/workflow/record/flow.js';
import { startWorld, type World } from '../world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

let threads = 0;
async function inReview(w: World): Promise<ThreadRecord> {
  const thread = threadId('slack', 'T1', 'C1', `1800.${++threads}`);
  const created = await w.state.compareAndSet(thread, 0, {
    thread,
    workflow: 'probe',
    step: 'results',
    status: 'active',
    workspaceId: 'T1',
    startedBy: 'U1',
    ids: {},
    data: { idea: 'a foldable phone hinge', flow: { phase: 'review', seq: 1 } },
    createdAt: Date.now(),
  });
  return created!;
}

test("a step's message id is saved while a click holds the thread's lock, without waiting for it", async () => {
  world = await startWorld();
  const ctx = world.contexts.slack;
  const record = await inReview(world);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = () => {};
  const taken = new Promise<void>((resolve) => (holding = resolve));
  const click = ctx.state.withLock(lockKey(record.thread), async () => {
    holding();
    await held;
  });
  await taken;
  const shown = await moveAndShow(ctx, record, { flow: { phase: 'review', draft: ['kept'] } }, () => markdown('Step 1 · review'));
  // saved with the lock still held: the id is the message the chat has
  const [message] = world.adapters.slack.messagesIn(record.thread);
  expect(flowOf(shown!).message).toBe(message!.ref.messageId);
  expect(flowOf((await ctx.state.get(record.thread))!).message).toBe(message!.ref.messageId);
  release();
  await click;
});

test('a click whose write lost to a write made without the lock is judged again on the record as it now is', async () => {
  world = await startWorld();
  const ctx = world.contexts.slack;
  const record = await inReview(world);
  const seen: number[] = [];
  const outcome = await judged<ThreadRecord | 'stale'>(
    ctx,
    record.thread,
    async (current) => {
      seen.push(current.version);
      // the first time, a shown message's id is saved between the click's read and its write
      if (seen.length === 1) await saveShown(ctx, current, 'M1');
      return (await saveFlow(ctx, current, { flow: { ...flowOf(current), draft: ['kept'] } })) ?? WRITE_LOST;
    },
    'stale',
  );
  expect(seen).toEqual([record.version, record.version + 1]);
  expect(outcome).not.toBe('stale');
  const now = (await ctx.state.get(record.thread))!;
  expect(flowOf(now)).toMatchObject({ message: 'M1', draft: ['kept'] });
});

test('a click that keeps losing is answered with the fallback after three judgments', async () => {
  world = await startWorld();
  const ctx = world.contexts.slack;
  const record = await inReview(world);
  let judgments = 0;
  const outcome = await judged<ThreadRecord | 'stale'>(
    ctx,
    record.thread,
    async (current) => {
      judgments += 1;
      await saveShown(ctx, current, `M${judgments}`);
      return (await saveFlow(ctx, current, { flow: { ...flowOf(current), draft: ['kept'] } })) ?? WRITE_LOST;
    },
    'stale',
  );
  expect(outcome).toBe('stale');
  expect(judgments).toBe(3);
  expect(flowOf((await ctx.state.get(record.thread))!).draft).toBeUndefined();
});
