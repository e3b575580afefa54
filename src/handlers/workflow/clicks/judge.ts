/** Whether a click or form submission may act on the thread's record as it is now, and what to tell the user if not. */
import type { HandlerContext } from '../../../core/handler.js';
import type { User } from '../../../core/incoming.js';
import { markdown } from '../../../core/message.js';
import type { ThreadId } from '../../../core/thread-id.js';
import { isFinished, type ThreadRecord } from '../../../core/state.js';
import { judged, type WRITE_LOST } from '../record/deliver.js';
import { flowOf, type Phase } from '../record/flow.js';
import { redrawNow } from '../record/redraw.js';
import { mayAct, notAllowedNote } from './permission.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';
import { decodeValue, judgeValue, type StepValue } from './values.js';

export type Refusal = 'invalid' | 'stale' | 'finished' | 'not-allowed';

export interface Acting {
  thread: ThreadId;
  user: User;
  value: string;
}

export function refusalFor<D extends WorkflowData>(
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  value: StepValue | undefined,
  phases: readonly Phase[],
): Refusal | undefined {
  const verdict = judgeValue(value, record, new Set(Object.keys(def.steps)));
  if (verdict === 'invalid') return 'invalid';
  if (isFinished(record.status)) return 'finished';
  if (verdict === 'stale' || !phases.includes(flowOf(record).phase)) return 'stale';
  return undefined;
}

/**
 * Judges a click under the thread's lock: refused for what the record now shows (`refusalFor`), else `decide` writes
 * (with WRITE_LOST when its compare-and-set lost to a write made without the lock, so it is judged again: `judged`).
 * `known`: the record the click was routed with, judged first instead of a read under the lock.
 */
export function judgedClick<T, D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  thread: ThreadId,
  value: StepValue | undefined,
  phases: readonly Phase[],
  known: ThreadRecord | undefined,
  decide: (current: ThreadRecord) => Promise<T | typeof WRITE_LOST>,
): Promise<T | Refusal | undefined> {
  return judged<T | Refusal>(ctx, thread, async (current) => refusalFor(def, current, value, phases) ?? decide(current), 'stale', { known });
}

/** The decoded value when the user may act at all (the starter rule), or undefined after telling them why not. */
export async function admit<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  acting: Acting,
  record: ThreadRecord,
): Promise<StepValue | undefined> {
  const value = decodeValue(acting.value);
  if (!value || value.workflow !== def.name) {
    await refuse(ctx, def, acting, record, 'invalid');
    return undefined;
  }
  if (!mayAct(ctx.settings, record, acting.user.id)) {
    await refuse(ctx, def, acting, record, 'not-allowed');
    return undefined;
  }
  return value;
}

export async function refuse<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  acting: Acting,
  seen: ThreadRecord,
  refusal: Refusal,
): Promise<void> {
  // the record as it is now, for the status the note names (it may have changed since `seen` was read)
  const record = refusal === 'finished' ? ((await ctx.state.get(acting.thread)) ?? seen) : seen;
  // an old button while the current step's message could not be shown: show it now, and never point at it unshown
  const unshown = refusal === 'stale' && (await redrawNow(ctx, acting.thread)) === 'failed';
  const { t } = ctx;
  const text = {
    invalid: t('workflow:click.invalid'),
    stale: t(unshown ? 'workflow:click.unshown' : 'workflow:click.stale'),
    finished: t('workflow:click.finished', { noun: def.noun(t), status: t(`workflow:status.${record.status}`) }),
    'not-allowed': notAllowedNote(record, def.noun(t), t),
  }[refusal];
  return ctx.messenger.notify({ thread: acting.thread }, acting.user.id, markdown(text));
}
