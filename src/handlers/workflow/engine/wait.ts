/**
 * One durable wait: the record already says what the thread waits for (`wait`); this polls the platform with a
 * deadline and backoff and shows progress (and a job's live stream) in the step's message, until the result is
 * there or the wait fails. It ends quietly when the bot stops (the next start resumes it) and stops when the
 * record moves under it (cancel). What follows the wait is machine.ts's.
 */
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadRecord } from '../../../core/state.js';
import { pollTask } from '../../../platform/poll.js';
import { taskState } from '../../../platform/task-state.js';
import { tryDeliver } from '../record/deliver.js';
import { flowOf, stepContext, unchanged } from '../record/flow.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';
import { followStream } from './live-stream.js';
import { tellOutcome } from './outcome.js';
import { cancelledLine, settled } from './messages.js';
import { WaitProgress } from './wait-progress.js';
import { stepOf } from './step-result.js';

const DEFAULT_TIMING = { intervalMs: 500, maxIntervalMs: 10_000, deadlineMs: 30 * 60_000 };
/** A resumed wait whose deadline passed while the bot was down still gets this long. */
const MIN_REMAINING_MS = 60_000;

class RecordMovedError extends Error {
  constructor() {
    super('the thread record changed during the wait');
    this.name = 'RecordMovedError';
  }
}

/**
 * `result`: the step's result is there. `failed`: the wait failed on the record as it still is (show it with
 * Retry). Undefined: the wait ended otherwise (the bot stops, or a cancelled workflow's message says so).
 */
export type WaitOutcome = { result: unknown } | { failed: unknown; record: ThreadRecord; label: string } | undefined;

/** Polls until the step's result is there, or the wait fails or ends. */
export async function waitForResult<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  signal: AbortSignal,
): Promise<WaitOutcome> {
  const { thread } = record;
  const { t } = ctx;
  const poll = stepOf(def, record.step).poll;
  if (!poll) throw new Error(`step ${record.step} of ${def.name} has nothing to wait for`);
  const timing = { ...DEFAULT_TIMING, ...def.timing };
  const elapsed = Date.now() - (record.wait?.since ?? Date.now());
  const flow = flowOf(record);
  const sc = stepContext<D>(ctx, record);
  const progress = new WaitProgress<D>(ctx, def, record, poll, flow.message);
  const stream =
    poll.stream &&
    followStream(
      (s) => poll.stream!(sc, s),
      signal,
      (note, live) => progress.fromStream(note, live),
      ctx.logger,
    );
  try {
    const result = await pollTask(
      async (s) => {
        if (!(await unchanged(ctx, thread, record.version))) throw new RecordMovedError();
        return poll.read(sc, s);
      },
      {
        operation: poll.operation,
        state: (r) => (poll.state ? poll.state(r) : taskState(poll.operation, r, ctx.logger)),
        intervalMs: timing.intervalMs,
        maxIntervalMs: timing.maxIntervalMs,
        deadlineMs: Math.max((poll.deadlineMs ?? timing.deadlineMs) - elapsed, MIN_REMAINING_MS),
        signal,
        onProgress: (r) => progress.fromPoll(r, sc),
      },
    );
    stream?.stop();
    await progress.close('complete', { value: result, sc });
    return { result };
  } catch (error) {
    stream?.stop();
    await progress.close(ctx.lifetime?.aborted ? 'paused' : 'error');
    if (ctx.lifetime?.aborted) return undefined;
    const current = await unchanged(ctx, thread, record.version);
    if (current) return { failed: error, record: current, label: poll.label(t) };
    await settleMoved(ctx, def, record, poll.label(t), flow.message);
    return undefined;
  }
}

/** The wait stopped because the record changed: a cancelled workflow's progress message says so. */
async function settleMoved<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  label: string,
  messageId: string | undefined,
): Promise<void> {
  const current = await ctx.state.get(record.thread);
  if (current?.status !== 'cancelled') return;
  const { t } = ctx;
  await tellOutcome(ctx, def, current, 'cancelled');
  await tryDeliver(
    ctx,
    record.thread,
    messageId,
    settled({ text: label, blocks: [{ type: 'markdown', text: t('workflow:stopped', { label }) }] }, cancelledLine(t)),
  );
}
