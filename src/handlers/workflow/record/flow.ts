/**
 * The machinery's part of a thread record: `data.flow` says what the thread is doing within its step, the rest
 * of `data` belongs to the workflow. Every write is a compare-and-set on the version the caller read.
 */
import type { HandlerContext } from '../../../core/handler.js';
import type { ThreadId } from '../../../core/thread-id.js';
import type { PlatformIds, ThreadRecord, ThreadStatus, Wait } from '../../../core/state.js';
import type { StepContext, WorkflowData } from '../types.js';
import { migrateRecord, RECORD_SCHEMA_VERSION, RecordFormatError } from './migrations.js';
import { flowSchema } from './schema.js';
import type { ZodType } from 'zod';

/**
 * send: a confirmation is on its way to the platform; poll: waiting for a platform task; review: waiting for
 * the user; failed: a failure with Retry is shown; done: finished.
 */
export type Phase = 'send' | 'poll' | 'review' | 'failed' | 'done';

/**
 * A confirmation the user made, kept until the platform task it starts has succeeded: Retry sends it again
 * when the request or that task failed.
 */
export interface Pending {
  /** the step whose send it is */
  step: string;
  /** `confirm` (the step's confirm send) or `start:<name>` */
  send: string;
  /** absent for a start (JSON leaves out the undefined it was given) */
  input?: unknown;
  by: string;
}

export interface Posting {
  id: string;
  tried?: boolean;
}

/** The step's message as a transition hands it on to the next step's: its id, or its post while that is out. */
export type ShownMessage = Pick<FlowState, 'message' | 'posting'>;

export const shownOf = (flow: FlowState): ShownMessage => ({ message: flow.message, posting: flow.posting });

export interface FlowState {
  phase: Phase;
  pending?: Pending;
  /** the step's edits not confirmed yet (small: selections, not platform results) */
  draft?: unknown;
  /** the step's message: progress while waiting, then the review or the failure */
  message?: string;
  /**
   * while the step's message is being posted and its id is not saved yet: the post's write id, by which the chat
   * finds it if the process stops first; `tried` once a process may have stopped in the middle of that post
   */
  posting?: Posting;
  /** send: the request failed; task: the task it started failed; wait: waiting failed (timeout, network) */
  failure?: { during: 'send' | 'task' | 'wait'; text: string };
  /** the step's `poll.relay` text is shown (a resumed wait does not relay it again) */
  relayed?: boolean;
  /**
   * the thread's step sequence: bumped by each transition, not by saving the id of the message that shows it, so
   * the buttons drawn for a transition (which carry it) stay current once their message is posted and its id saved
   */
  seq?: number;
}

// the schema the engine parses the flow with and the interface it uses say the same thing
const _flowMatches: ZodType<FlowState> = flowSchema;

/** The record's flow in the running code's format (migrated, then parsed); a record without one is in review. */
export function flowOf(record: ThreadRecord): FlowState {
  const { flow } = migrateRecord(record).data;
  if (flow === undefined) return { phase: 'review' };
  const parsed = flowSchema.safeParse(flow);
  if (!parsed.success) throw new RecordFormatError(record.thread, `data.flow: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/**
 * The workflow's part of the record's data, migrated. Its shape was checked with the definition's `data` schema
 * when the record entered the engine (record/load.ts), which is what makes this narrowing sound.
 */
export function dataOf<D extends WorkflowData>(record: ThreadRecord): D {
  const { flow: _flow, ...data } = migrateRecord(record).data;
  return data as D;
}

export function stepContext<D extends WorkflowData>(ctx: HandlerContext, record: ThreadRecord): StepContext<D> {
  return { ctx, thread: record.thread, record, ids: record.ids, data: dataOf<D>(record) };
}

export interface FlowChange {
  flow: FlowState;
  step?: string;
  status?: ThreadStatus;
  /** null clears the wait */
  wait?: Wait | null;
  ids?: PlatformIds;
  data?: WorkflowData;
}

const STATUS_OF: Record<Phase, ThreadStatus> = { send: 'waiting', poll: 'waiting', review: 'active', failed: 'active', done: 'done' };

/**
 * Writes a flow change over `record`; undefined when the record changed since it was read. A flow write made for
 * an event (a click's confirmation, a form's values) hands that event over: the record holds all it asked for.
 */
export function saveFlow(ctx: HandlerContext, record: ThreadRecord, change: FlowChange): Promise<ThreadRecord | undefined> {
  const wait = change.wait === null ? undefined : (change.wait ?? record.wait);
  // what is written is in this code's format: the read record's data as migrated, stamped with its version
  const current = migrateRecord(record);
  const changes = {
    schemaVersion: RECORD_SCHEMA_VERSION,
    step: change.step ?? record.step,
    status: change.status ?? STATUS_OF[change.flow.phase],
    wait,
    ids: { ...record.ids, ...change.ids },
    data: { ...current.data, ...change.data, flow: { ...change.flow, seq: seqOf(record) + 1 } },
  };
  return ctx.records.update(record, changes, { handOver: ctx.handOver });
}

/** The step sequence the record's buttons carry (`FlowState.seq`); a record without a flow has its version. */
export const seqOf = (record: ThreadRecord): number => flowOf(record).seq ?? record.version;

/**
 * Saves the id of the message that shows the record's step, which is no transition: the sequence, the status and
 * the wait stay as they are (a cancel written meanwhile too). Undefined when the record changed since it was read.
 */
export function saveShown(ctx: HandlerContext, record: ThreadRecord, messageId: string): Promise<ThreadRecord | undefined> {
  const current = migrateRecord(record);
  const { posting: _posted, ...shown } = flowOf(record);
  const flow = { ...shown, message: messageId, seq: seqOf(record) };
  return ctx.records.update(record, { schemaVersion: RECORD_SCHEMA_VERSION, data: { ...current.data, flow } });
}

export const waitFor = (operation: string, step: string): Wait => ({ operation, step, since: Date.now() });

/** The record as it is now, when it is still the one `record` was (same version); undefined otherwise. */
export async function unchanged(ctx: HandlerContext, thread: ThreadId, version: number): Promise<ThreadRecord | undefined> {
  const current = await ctx.state.get(thread);
  return current && current.version === version ? current : undefined;
}
