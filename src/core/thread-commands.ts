/**
 * `status` and `cancel`, which work the same in every thread the bot keeps; what a thread is called and who may
 * cancel it are its handler's own rules (core/thread-kinds.ts). Texts to the user who asked are in their language,
 * the note left in a thread in the thread's.
 */
import { withdrawQueued } from './queue-wait.js';
import { translatorFor, type Lang } from '../i18n/index.js';
import { formatDateTime } from '../i18n/format.js';
import { isFinished, type ThreadRecord } from './state.js';
import type { HandlerContext } from './handler.js';
import { recordLanguage } from './language.js';
import { markdown, mention } from './message.js';
import type { ThreadKinds } from './thread-kinds.js';
import type { ConversationId, ThreadId } from './thread-id.js';

/** how often a cancel reads and writes again when the record moved under it */
const CANCEL_ATTEMPTS = 5;

export interface ThreadCommand {
  word: 'status' | 'cancel';
  user: string;
  thread?: ThreadId;
  record?: ThreadRecord;
  conversation?: ConversationId;
  workspaceId?: string;
}

/** Where a thread stands, in `lang`: its workflow, the step it is at (not once it is done), its state and any wait. */
export function describe(kinds: ThreadKinds, record: ThreadRecord, lang: Lang): string {
  const t = translatorFor(lang);
  const waiting = record.wait ? t('core:thread.waiting', { operation: record.wait.operation, since: formatDateTime(record.wait.since, lang) }) : '';
  const status = t(`core:thread.status.${record.status}`);
  const workflow = kinds.noun(record.workflow, lang);
  const step = record.status === 'done' ? undefined : kinds.stepName(record.workflow, record.step, lang);
  return step ? t('core:thread.describe', { workflow, step, status, waiting }) : t('core:thread.describeBare', { workflow, status, waiting });
}

/** Answers `status` or `cancel` in the language the event is handled in (`ctx.lang`). */
export async function threadCommand(ctx: HandlerContext, cmd: ThreadCommand): Promise<void> {
  const { lang } = ctx;
  if (!cmd.thread || !cmd.record) return listOpen(ctx, cmd, lang);
  const where = { thread: cmd.thread };
  if (cmd.word === 'status') return ctx.messenger.notify(where, cmd.user, markdown(describe(ctx.threadKinds, cmd.record, lang)));
  return cancel(ctx, cmd.thread, cmd.user, cmd.record, lang);
}

async function listOpen(ctx: HandlerContext, cmd: ThreadCommand, lang: Lang): Promise<void> {
  const { messenger, state } = ctx;
  const t = translatorFor(lang);
  const open = (cmd.workspaceId ? await state.listOpenByUser(cmd.workspaceId, cmd.user) : []).slice(0, 20);
  const links = await Promise.all(open.map((r) => messenger.permalink(r.thread)));
  const text = open.length
    ? [
        t('core:thread.openTitle'),
        ...open.map((r, i) => {
          // a chat without links (the terminal) names the thread the way its user reaches it instead
          const link = links[i] ? (/^https?:\/\//.test(links[i]) ? t('core:thread.openLink', { url: links[i] }) : ` · ${links[i]}`) : '';
          return t('core:thread.openLine', { description: describe(ctx.threadKinds, r, lang), started: formatDateTime(r.createdAt, lang), link });
        }),
      ].join('\n')
    : t('core:thread.noneOpen');
  return messenger.notify({ conversation: cmd.conversation }, cmd.user, markdown(text));
}

/**
 * Cancels the thread when its handler's rule lets `user` (the word, or the Cancel button): written through the
 * record writer under the lock its handler writes its records under, so a step being shown and saved is either
 * saved before it or sees it. The writer tells this process's watchers of the thread (a shown step drops its
 * buttons); the platform work still running in the thread here is stopped.
 */
async function cancel(ctx: HandlerContext, thread: ThreadId, user: string, record: ThreadRecord, lang: Lang): Promise<void> {
  const t = translatorFor(lang);
  const rules = ctx.threadKinds.rules(record.workflow);
  const note = (text: string) => ctx.messenger.notify({ thread }, user, markdown(text));
  const finished = (current: ThreadRecord) =>
    t('core:thread.alreadyFinished', { workflow: ctx.threadKinds.noun(current.workflow, lang), status: t(`core:thread.status.${current.status}`) });
  // a follow-up waiting in the answer queue is withdrawn (its waiter says so), whatever the record's state
  if (withdrawQueued(thread) && isFinished(record.status)) return;
  if (isFinished(record.status)) return note(finished(record));
  if (rules?.mayCancel && !rules.mayCancel(ctx.settings, record, user)) return note(t('core:thread.onlyStarter'));
  // a transition the engine writes without the lock (a wait's end) may land between the read and the write:
  // the cancel is then judged again on the record as it became
  const write = async (): Promise<{ saved?: ThreadRecord; refusal?: string }> => {
    for (let attempt = 0; attempt < CANCEL_ATTEMPTS; attempt += 1) {
      const current = await ctx.state.get(thread);
      if (!current) break;
      if (isFinished(current.status)) return { refusal: finished(current) };
      const saved = await ctx.records.update(current, { status: 'cancelled', wait: undefined });
      if (saved) return { saved };
    }
    return { refusal: t('core:thread.changed') };
  };
  const { saved, refusal } = rules?.lockKey ? await ctx.state.withLock(rules.lockKey(thread), write) : await write();
  if (!saved) return note(refusal ?? t('core:thread.changed'));
  ctx.messenger.interrupt(thread);
  const inThread = translatorFor(recordLanguage(saved));
  const workflow = ctx.threadKinds.noun(saved.workflow, recordLanguage(saved));
  await ctx.messenger.post(thread, markdown(inThread('core:thread.cancelled', { who: mention(user), workflow })));
}
