/**
 * A thread record entering the engine (a click, a form, a resumed wait): migrated to this code's format and
 * checked against the engine's and the workflow's schemas. A record that fails is never run: it is reported in
 * the log with what is wrong (paths, not values), marked failed with its data kept for an operator, and its
 * thread is told the workflow cannot go on. Nothing is thrown to the caller.
 */
import type { HandlerContext } from '../../../core/handler.js';
import { markdown } from '../../../core/message.js';
import type { ThreadRecord } from '../../../core/state.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';
import { migrateRecord, RecordFormatError } from './migrations.js';
import { recordProblem } from './schema.js';

export type LoadedRecord = { ok: true; record: ThreadRecord } | { ok: false; problem: string };

/** The record in this code's format when `def` can run it; otherwise what is wrong with it. */
export function loadRecord<D extends WorkflowData>(def: WorkflowDefinition<D>, stored: ThreadRecord): LoadedRecord {
  let record: ThreadRecord;
  try {
    record = migrateRecord(stored);
  } catch (error) {
    if (error instanceof RecordFormatError) return { ok: false, problem: error.problem };
    return { ok: false, problem: `a migration failed: ${error instanceof Error ? error.name : 'unknown error'}` };
  }
  const problem = recordProblem(def, record);
  return problem ? { ok: false, problem } : { ok: true, record };
}

/**
 * Ends a thread whose record cannot be run: failed, its wait cleared (no rescan offers it again), its data as it
 * was; then one message in the thread. A record written meanwhile is left to whoever wrote it.
 */
export async function setAsideUnreadable<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  problem: string,
): Promise<void> {
  ctx.logger.error(
    { thread: record.thread, workflow: record.workflow, step: record.step, schemaVersion: record.schemaVersion ?? 0, problem },
    'workflow: a thread record cannot be read by this version of the bot; the thread is marked failed',
  );
  if (record.status === 'failed' || record.status === 'done' || record.status === 'cancelled') return;
  const saved = await ctx.records.update(record, { status: 'failed', wait: undefined }, { handOver: ctx.handOver });
  if (!saved) return;
  const { t } = ctx;
  await ctx.messenger.post(record.thread, markdown(t('workflow:failure.unreadable', { noun: def.noun(t) }))).catch((error: unknown) => {
    ctx.logger.warn({ err: error, thread: record.thread }, 'workflow: the note on an unreadable record could not be posted');
  });
}

/** Runs `fn` with the record as this code reads it, or sets an unreadable record aside instead. */
export async function withLoaded<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  stored: ThreadRecord,
  fn: (record: ThreadRecord) => Promise<void>,
): Promise<void> {
  const loaded = loadRecord(def, stored);
  if (!loaded.ok) return setAsideUnreadable(ctx, def, stored, loaded.problem);
  await fn(loaded.record);
}
