/**
 * A workflow's transitions and the messages that show them. A click is judged and written under the thread's lock,
 * so it sees the record as it is; the engine's own transitions (a wait's end, a failure) are compare-and-set
 * writes on the record they were decided on, which a click, a cancel or another transition written first turns
 * into a no-op. A transition's message is shown with no lock held, drawn for the step sequence it wrote.
 */
import { MessageGoneError } from '../../../core/chat-errors.js';
import type { HandlerContext } from '../../../core/handler.js';
import type { OutgoingMessage } from '../../../core/message.js';
import type { ThreadId } from '../../../core/thread-id.js';
import type { ThreadRecord } from '../../../core/state.js';
import { randomUUID } from 'node:crypto';
import { flowOf, saveFlow, saveShown, seqOf, type FlowChange, type Posting, type ShownMessage } from './flow.js';
import { redrawLater } from './redraw.js';

export const lockKey = (thread: ThreadId): string => `workflow:${thread}`;

/** What a click's judgment returns when its compare-and-set lost to a write made without the lock. */
export const WRITE_LOST = 'write-lost';
/** judgments of one click under one hold of the lock: each lost write (an id saved, a transition) reads again */
const MAX_JUDGMENTS = 3;

/**
 * Judges a click under the thread's lock (`judge` reads the record it is given and writes with a compare-and-set):
 * a write that lost to one made without the lock meanwhile (a shown message's id, the engine's own transition, a
 * cancel) is judged again on the record as it now is, so the click is answered for what the thread shows, not
 * refused for a write it could not see. `lost` stands for the outcome when every try lost.
 *
 * `known` is the record as read after the click arrived (the router's read): the first judgment uses it instead of
 * reading again under the lock. That is safe for a judgment that writes, since its compare-and-set loses when the
 * record moved since, and for a refusal too: records only move on, and one read after the click already shows at
 * least what the user clicked on.
 */
export function judged<T>(
  ctx: HandlerContext,
  thread: ThreadId,
  judge: (record: ThreadRecord) => Promise<T | typeof WRITE_LOST>,
  lost: T,
  options: { waitMs?: number; known?: ThreadRecord } = {},
): Promise<T | undefined> {
  return ctx.state.withLock(
    lockKey(thread),
    async () => {
      if (options.known) {
        const outcome = await judge(options.known);
        if (outcome !== WRITE_LOST) return outcome;
      }
      for (let tries = 1; ; tries += 1) {
        const record = await ctx.state.get(thread);
        if (!record) return undefined;
        const outcome = await judge(record);
        if (outcome !== WRITE_LOST) return outcome;
        if (tries >= MAX_JUDGMENTS) return lost;
      }
    },
    options.waitMs === undefined ? undefined : { waitMs: options.waitMs },
  );
}

/** Runs `fn` under the thread's lock with the record read afresh; undefined (and `fn` not run) when it is gone. */
export function locked<T>(ctx: HandlerContext, thread: ThreadId, fn: (record: ThreadRecord) => Promise<T>, waitMs?: number): Promise<T | undefined> {
  // a judgment that writes nothing it could lose: judged once
  return judged<T | undefined>(ctx, thread, fn, undefined, { waitMs });
}

/**
 * Edits `messageId` (or posts when there is none, or it was deleted) and returns the message's id. Rate limits
 * and the chat's transient failures are waited out and tried again by the messenger's outbox; what still fails
 * is thrown (showAndSave then draws the message again later). A post goes under `posting`'s write id; when an
 * earlier process may have made it already (`tried`), the post it made is found and edited into this message.
 */
export async function deliver(
  ctx: HandlerContext,
  thread: ThreadId,
  messageId: string | undefined,
  message: OutgoingMessage,
  posting?: Posting,
): Promise<string> {
  if (messageId !== undefined) {
    try {
      await ctx.messenger.edit({ thread, messageId }, message);
      return messageId;
    } catch (error) {
      if (!(error instanceof MessageGoneError)) throw error;
    }
  }
  if (!posting) return (await ctx.messenger.post(thread, message)).messageId;
  const ref = await ctx.messenger.post(thread, message, { writeId: posting.id, lookUp: posting.tried === true });
  // the post found may show what the stopped process was showing (a step's progress), not this message
  if (posting.tried) await ctx.messenger.edit(ref, message);
  return ref.messageId;
}

/** How the next message is shown: into the one handed on, or a new post under a write id of its own. */
function nextShown(reuse: ShownMessage | undefined): ShownMessage {
  if (reuse?.message !== undefined) return { message: reuse.message };
  if (reuse?.posting) return { posting: { id: reuse.posting.id, tried: true } };
  return { posting: { id: randomUUID() } };
}

/**
 * Saves `change` on `record` when the store still has it at its version (one compare-and-set: a record that moved
 * since it was read, by a click, a cancel or another replica, is left as it is), then shows the message it leads
 * to (`showSaved`): `reuse` is edited into it, or a new one posted. Undefined when the record had moved; otherwise
 * the record as it is after the show.
 */
export async function moveAndShow(
  ctx: HandlerContext,
  record: ThreadRecord,
  change: FlowChange,
  draw: (seq: number) => OutgoingMessage,
  reuse?: ShownMessage,
): Promise<ThreadRecord | undefined> {
  const shown = nextShown(reuse);
  const saved = await saveFlow(ctx, record, { ...change, flow: { ...change.flow, message: shown.message, posting: shown.posting } });
  // the record as this write left it is as fresh as a read now would be: a cancel or a click from here on is met by
  // the compare-and-set that saves the message's id, as one landing just after such a read would be
  return saved && showSaved(ctx, saved, draw, { justSaved: true });
}

/**
 * Shows the message of a transition just saved (call it with no lock held: the chat may be slow, and a click or
 * a cancel must not wait for it), drawn for the record's step sequence, then saves the message's id, which moves
 * neither the sequence nor the buttons. A step that moved on meanwhile is not shown (its successor shows itself).
 * The transition stays saved when the chat fails (what the platform did is never lost with a message): the
 * message is drawn again later (record/redraw.ts), except in phase `poll`, whose wait shows its own messages.
 * Returns the record as it is after the show, or `saved` when nothing more was written.
 */
export async function showSaved(
  ctx: HandlerContext,
  saved: ThreadRecord,
  draw: (seq: number) => OutgoingMessage,
  options: { justSaved?: boolean } = {},
): Promise<ThreadRecord> {
  try {
    return (await show(ctx, saved, draw, options.justSaved)) ?? saved;
  } catch (error) {
    const { phase } = flowOf(saved);
    ctx.logger.warn({ err: error, thread: saved.thread, phase }, 'workflow: a step message could not be shown; it is drawn again later');
    if (phase !== 'poll') redrawLater(ctx, saved.thread, async () => ((await show(ctx, saved, draw)) ? 'shown' : 'moved'), error);
    return saved;
  }
}

/**
 * Shows the step of `saved` when the thread is still at its sequence (read again unless `justSaved`: the write that
 * returned it was this very moment); undefined when it moved on. Throws what the chat throws.
 */
async function show(
  ctx: HandlerContext,
  saved: ThreadRecord,
  draw: (seq: number) => OutgoingMessage,
  justSaved = false,
): Promise<ThreadRecord | undefined> {
  const seq = seqOf(saved);
  const before = justSaved ? saved : await ctx.state.get(saved.thread);
  // moved on, or cancelled meanwhile (a transition never writes a cancel): nothing of this step to show any more
  if (!before || seqOf(before) !== seq || (before.status === 'cancelled' && saved.status !== 'cancelled')) return undefined;
  const { message: shownAs, posting } = flowOf(before);
  const id = await deliver(ctx, saved.thread, shownAs, draw(seq), posting);
  if (id === shownAs) return before;
  const kept = await keepShownId(ctx, before, seq, id);
  if (!kept) ctx.logger.debug({ thread: saved.thread }, 'workflow: the step moved on while its message was shown');
  return kept;
}

/**
 * Saves the id of the message showing step `seq`, without the lock: a compare-and-set on the record as it was read,
 * then, should anything else have been written meanwhile, on the record as it now is, as long as the step is still
 * the one shown (a click that lost to this write is judged again: `judged`).
 */
async function keepShownId(ctx: HandlerContext, read: ThreadRecord, seq: number, id: string): Promise<ThreadRecord | undefined> {
  let current: ThreadRecord | undefined = read;
  for (let tries = 0; current && seqOf(current) === seq && tries < MAX_JUDGMENTS; tries += 1) {
    const kept = await saveShown(ctx, current, id);
    if (kept) return kept;
    current = await ctx.state.get(read.thread);
  }
  return undefined;
}

/** A best-effort edit (settling old controls): a failure is logged, never thrown. */
export async function tryDeliver(ctx: HandlerContext, thread: ThreadId, messageId: string | undefined, message: OutgoingMessage): Promise<void> {
  try {
    await deliver(ctx, thread, messageId, message);
  } catch (error) {
    ctx.logger.warn({ err: error, thread }, 'workflow: a message could not be updated');
  }
}
