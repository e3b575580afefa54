/** `ask`, `pharm` and `encyclopedia` (alias `bio`): a question answered by streaming into a thread, replies continue it. */
import type { Handler, HandlerContext } from '../../core/handler.js';
import type { ActionIncoming, Incoming, ReplyIncoming } from '../../core/incoming.js';
import { FEEDBACK_ACTION, markdown } from '../../core/message.js';
import { recordFeedback } from '../../core/feedback.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { ThreadRecord } from '../../core/state.js';
import { answerCommand, parentMessage } from '../workflow/index.js';
import { ANSWERING, answerTurn, chatLock, firstTurn, lastQuestion, retryButton } from './answer.js';
import { CHAT_FAMILIES, type ChatFamily } from './families.js';
import { cleanQuestion, problemWith } from './question.js';
import { markInterruptedByRestart } from './restart.js';
import { withAnswerSlot, type QueueSpot } from './limit.js';
import { CLEAR_WORD, startOver } from './clear.js';
import { changeOptions } from './encyclopedia-change.js';
import { isOptionAction } from './encyclopedia-controls.js';
import { takeOptions, type EncyclopediaOptions } from './encyclopedia-options.js';
import { translatorFor } from '../../i18n/index.js';

function familyOf(verb: string): ChatFamily {
  return verb === 'bio' ? CHAT_FAMILIES.encyclopedia : (CHAT_FAMILIES[verb as ChatFamily['verb']] ?? CHAT_FAMILIES.ask);
}

/** `family`: a verb the user typed in the thread (the assistant pane), which the conversation goes on in */
async function followUp(
  ctx: HandlerContext,
  thread: ThreadId,
  userId: string,
  record: ThreadRecord,
  question: string,
  typed?: ChatFamily,
): Promise<void> {
  // the lock in answerTurn queues it behind an answer still streaming
  const family = typed ?? familyOf(String(record.data.family ?? record.step));
  const problem = problemWith(family, question, ctx.messenger.invocation, ctx.t);
  if (problem) return ctx.messenger.notify({ thread }, userId, problem);
  await answerTurn(ctx, thread, family, question);
}

const askerOf = (incoming: Incoming) => ({ workspaceId: incoming.workspaceId, userId: incoming.user.id });

/** A limit's note to the user in the thread they wrote in. */
const inThread = (ctx: HandlerContext, incoming: ReplyIncoming | ActionIncoming) => (note: string) =>
  ctx.messenger.notify({ thread: incoming.thread }, incoming.user.id, markdown(note));

/**
 * A follow-up's or a Retry's place in the queue: in its thread, withdrawn once the thread is cancelled meanwhile
 * (on any replica; `clear` withdraws it on the replica that clears). Past the deadline a follow-up's question is saved as the thread's
 * last one (nothing asked), so the Retry offered asks it.
 */
const queueSpot = (ctx: HandlerContext, thread: ThreadId, record: ThreadRecord, question: string): QueueSpot => ({
  thread: async () => thread,
  stillWanted: async () => {
    const now = await ctx.state.get(thread);
    return now !== undefined && !(now.status === 'cancelled' && now.version > record.version);
  },
  retry: async () => {
    const saved = await ctx.state.withLock(chatLock(thread), async () => {
      const now = await ctx.state.get(thread);
      if (!now || lastQuestion(now) === question) return now;
      return ctx.records.update(now, { data: { ...now.data, lastQuestion: question } });
    });
    return saved ? retryButton(saved.version, ctx.t) : undefined;
  },
});

export const chatHandler: Handler = {
  verbs: ['ask', 'pharm', 'encyclopedia', 'bio'],
  workflow: 'chat',
  threadWords: [CLEAR_WORD],
  // anyone in a chat's thread may cancel it; its turn lock is held for a whole answer, so a cancel does not take it
  threads: { noun: (lang) => translatorFor(lang)('core:thread.chatNoun') },
  help: {
    summary: (t) => t('chat:help.summary'),
    usage: (t) => t('chat:help.usage'),
    example: (t) => t('chat:help.example'),
  },

  async command(ctx, { incoming, verb, args }) {
    const { t } = ctx;
    const family = familyOf(verb);
    // in a chat thread (the assistant pane) a typed verb switches its mode; the default verb (none typed) keeps it
    const typed = args !== incoming.text.trim() ? family : undefined;
    let options: EncyclopediaOptions | undefined;
    if (family.verb === 'encyclopedia') {
      const taken = takeOptions(args, t);
      if ('problem' in taken) return answerCommand(ctx, incoming, t('chat:nothingSent', { problem: taken.problem }));
      ({ options, question: args } = taken);
    }
    const question = cleanQuestion(args);
    const problem = problemWith(family, question, ctx.messenger.invocation, t);
    if (problem) return answerCommand(ctx, incoming, problem);
    // over the asker's limit nothing is started: no parent message, no record, no platform call; past the
    // workspace's, the thread is started to show the question's place in the queue, and nothing else until it starts
    let started: Promise<ThreadId> | undefined;
    const threadOf = () =>
      (started ??= ctx.messenger.threadFor(
        incoming,
        parentMessage(incoming.user.id, t('chat:asked', { label: family.label(t) }), question, undefined, t),
      ));
    await withAnswerSlot(
      ctx,
      askerOf(incoming),
      (note) => answerCommand(ctx, incoming, note),
      async () => {
        const thread = await threadOf();
        const existing = await ctx.state.get(thread);
        if (existing?.workflow === 'chat') return followUp(ctx, thread, incoming.user.id, existing, question, typed);
        if (existing)
          return ctx.messenger.notify(
            { thread },
            incoming.user.id,
            markdown(t('chat:threadRuns', { workflow: ctx.threadKinds.noun(existing.workflow, ctx.lang) })),
          );

        // the question and the wait are in the first record already: a crash before the turn starts still leaves them
        await firstTurn(
          ctx,
          {
            thread,
            workflow: 'chat',
            step: family.verb,
            status: 'active',
            workspaceId: incoming.workspaceId,
            startedBy: incoming.user.id,
            ids: {},
            data: { family: family.verb, lastQuestion: question, ...(options ? { options } : {}) },
            createdAt: Date.now(),
          },
          family,
          question,
        );
      },
      { thread: threadOf },
    );
  },

  async reply(ctx, incoming: ReplyIncoming, record) {
    const question = cleanQuestion(incoming.text);
    if (!question) return;
    if (question.toLowerCase() === CLEAR_WORD) return startOver(ctx, incoming.thread, incoming.user.id);
    await withAnswerSlot(
      ctx,
      askerOf(incoming),
      inThread(ctx, incoming),
      () => followUp(ctx, incoming.thread, incoming.user.id, record, question),
      queueSpot(ctx, incoming.thread, record, question),
    );
  },

  async action(ctx, incoming: ActionIncoming, record) {
    if (isOptionAction(incoming.action)) return changeOptions(ctx, incoming);
    // under the turn lock: a feedback write never races the record a streaming turn will write
    if (incoming.action === FEEDBACK_ACTION)
      return recordFeedback(ctx, incoming, (write) => ctx.state.withLock(chatLock(incoming.thread), write, { waitMs: 600_000 }));
    if (incoming.action !== 'retry') return;
    const question = lastQuestion(record);
    const expected = Number(incoming.value);
    const outcome =
      question && Number.isInteger(expected)
        ? await withAnswerSlot(
            ctx,
            askerOf(incoming),
            inThread(ctx, incoming),
            () => answerTurn(ctx, incoming.thread, familyOf(String(record.data.family)), question, expected),
            queueSpot(ctx, incoming.thread, record, question),
          )
        : 'stale';
    if (outcome === 'stale') {
      const { t } = ctx;
      await ctx.messenger.notify({ thread: incoming.thread }, incoming.user.id, markdown(t('chat:alreadyDone')));
    }
  },

  /**
   * A record still `answering` at a start or a rescan: if nobody holds its answer's lease, the process writing
   * it died mid-answer; the thread is told, with Retry (restart.ts). A live answer's lease is held: left alone.
   */
  async resume(ctx, record) {
    if (record.wait?.step === ANSWERING) await markInterruptedByRestart(ctx, record);
  },
};
