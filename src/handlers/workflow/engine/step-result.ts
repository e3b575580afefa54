/**
 * A definition's steps and sends by name, and the platform result a step shows: from this process's cache when
 * it is there, otherwise read again from the platform (the reads are safe to repeat; large results never go
 * into the thread record).
 */
import type { HandlerContext } from '../../../core/handler.js';
import { taskState } from '../../../platform/task-state.js';
import type { ThreadRecord } from '../../../core/state.js';
import { stepContext, type Pending } from '../record/flow.js';
import { cachedResult, rememberResult } from '../record/registry.js';
import type { Send, StepDefinition, WorkflowData, WorkflowDefinition } from '../types.js';

export const READ_TIMEOUT_MS = 30_000;

export function stepOf<D extends WorkflowData>(def: WorkflowDefinition<D>, step: string): StepDefinition<D> {
  // own keys only: a stored step name such as `constructor` is no step
  const found = Object.hasOwn(def.steps, step) ? def.steps[step] : undefined;
  if (!found) throw new Error(`${def.name} has no step ${step}`);
  return found;
}

/** The send a pending confirmation names: a start's, or the confirm of its step's review. */
export function sendOf<D extends WorkflowData>(def: WorkflowDefinition<D>, pending: Pending): Send<D> {
  if (pending.send.startsWith('start:')) {
    const start = def.starts[pending.send.slice('start:'.length)];
    if (start) return start.send;
  } else if (pending.send === 'confirm') {
    const review = stepOf(def, pending.step).review;
    if (review) return review.confirm.send;
  }
  throw new Error(`${def.name} has no send ${pending.send} at step ${pending.step}`);
}

/** The result from the cache only (no platform call): what a form must open with inside Slack's 3 seconds. */
export function cachedStepResult<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
): { result: unknown } | undefined {
  if (!stepOf(def, record.step).poll) return { result: undefined };
  return cachedResult(ctx.memory, record.thread, record.step);
}

export async function stepResult<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  timeoutMs = READ_TIMEOUT_MS,
): Promise<unknown> {
  const cached = cachedStepResult(ctx, def, record);
  if (cached) return cached.result;
  const poll = stepOf(def, record.step).poll!;
  const signal = AbortSignal.timeout(timeoutMs);
  const result = await poll.read(stepContext<D>(ctx, record), signal);
  const state = poll.state ? poll.state(result) : taskState(poll.operation, result, ctx.logger);
  if (state !== 'succeeded') throw new Error(`${poll.operation} is ${state} while its result is being reviewed`);
  rememberResult(ctx.memory, record.thread, record.step, result);
  return result;
}
