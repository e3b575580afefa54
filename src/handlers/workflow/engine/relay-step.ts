/**
 * A waiting step's text relayed into the thread as the platform writes it (a disclosure as it is drafted):
 * once per wait, before the polling, through the stream relay. The step's progress message turns into the text's
 * heading first, and a new one follows the text, so that what follows (the result, the next step) comes after it. Best effort: a stream that fails leaves
 * its partial text marked and the wait goes on; a stopped stream (restart, cancel) is relayed again on resume.
 */
import type { HandlerContext } from '../../../core/handler.js';
import type { StreamEvent } from '../../../platform/events.js';
import type { ThreadRecord } from '../../../core/state.js';
import { moveAndShow, tryDeliver } from '../record/deliver.js';
import { flowOf, stepContext } from '../record/flow.js';
import { progressMessage } from './messages.js';
import { stepOf } from './step-result.js';
import type { WorkflowData, WorkflowDefinition } from '../types.js';

async function* textOf(events: AsyncIterable<StreamEvent>): AsyncIterable<string> {
  for await (const event of events) if (event.type === 'text') yield event.text;
}

/** The text once its first piece is there, or undefined when the stream ends without any (nothing to show). */
async function firstText(deltas: AsyncIterable<string>): Promise<AsyncIterable<string> | undefined> {
  const it = deltas[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return undefined;
  return (async function* () {
    yield first.value;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  })();
}

/** Relays the step's text when it has one not relayed yet; returns the record the wait goes on with. */
export async function relayOnce<D extends WorkflowData>(
  ctx: HandlerContext,
  def: WorkflowDefinition<D>,
  record: ThreadRecord,
  signal: AbortSignal,
): Promise<ThreadRecord> {
  const poll = stepOf(def, record.step).poll;
  const relay = poll?.relay;
  const flow = flowOf(record);
  if (!poll || !relay || flow.relayed) return record;
  const { thread } = record;
  const { t } = ctx;
  // the progress message becomes the text's heading before the text arrives: edited later, a chat that shows an
  // edit as a new line (the terminal through a pipe) would print it below the text it introduces
  await tryDeliver(ctx, thread, flow.message, { text: relay.heading(t), blocks: [{ type: 'markdown', text: relay.heading(t) }] });
  try {
    const events = await relay.open(stepContext<D>(ctx, record), signal);
    // a stream with no text posts nothing (not "no answer": the document it precedes may still come)
    const deltas = await firstText(textOf(events));
    if (!deltas) {
      ctx.logger.warn({ thread }, "workflow: a step's text stream brought no text");
      const note = t('workflow:relayNoText', { heading: relay.heading(t) });
      await tryDeliver(ctx, thread, flow.message, { text: note, blocks: [{ type: 'markdown', text: note }] });
    } else {
      const result = await ctx.messenger.relay({ thread, deltas });
      if (result.status !== 'complete')
        ctx.logger.warn({ err: result.error, status: result.status, thread }, "workflow: a step's text was not relayed whole");
    }
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, "workflow: a step's text could not be relayed");
  }
  if (signal.aborted) return record;
  const draw = (v: number) => progressMessage(def, record.step, poll.label(t), undefined, v, undefined, t);
  const moved = await moveAndShow(ctx, record, { flow: { ...flow, relayed: true } }, draw);
  return moved ?? record;
}
