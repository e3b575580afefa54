/**
 * Show more under a finished design report: reads the task's result again (AI39-2 by the task id in the record)
 * and posts the next similar designs, with another Show more while some are left. The record keeps how many
 * are shown, so a double click or an older button posts nothing twice.
 */
import type { HandlerContext } from '../../core/handler.js';
import type { ActionIncoming } from '../../core/incoming.js';
import { markdown, mention } from '../../core/message.js';
import type { ThreadRecord } from '../../core/state.js';
import { userMessage } from '../../core/user-errors.js';
import { hitBlocks, hitsOf } from './hits.js';
import { moreButton, TOP_COMPARISONS } from './report.js';

const PAGE = 5;
const moreLock = (thread: string): string => `design-more:${thread}`;

export async function showMore(ctx: HandlerContext, incoming: ActionIncoming, record: ThreadRecord): Promise<void> {
  const { t } = ctx;
  const { thread } = incoming;
  const note = (text: string) => ctx.messenger.notify({ thread }, incoming.user.id, markdown(text));
  const taskId = record.ids.task_id;
  if (record.status !== 'done' || !taskId) return note(t('design:more.notYet'));
  const outcome = await ctx.state.withLock(moreLock(thread), async (): Promise<string | undefined> => {
    const current = await ctx.state.get(thread);
    if (!current) return t('design:more.gone');
    const shown = Number(current.data.shown ?? current.data.top ?? TOP_COMPARISONS);
    if (Number(incoming.value) !== shown) return t('design:more.already');
    let hits: ReturnType<typeof hitsOf>;
    try {
      hits = hitsOf(await ctx.platform.call('AI39-2', { task_id: taskId }));
    } catch (error) {
      return t('design:more.unreadable', { why: userMessage(error, t) });
    }
    const page = hits.slice(shown, shown + PAGE);
    if (page.length === 0) return t('design:more.all');
    const now = shown + page.length;
    const left = hits.length - now;
    const range = { from: shown + 1, to: now, total: hits.length };
    const head = t('design:more.heading', { ...range, user: mention(incoming.user.id) });
    await ctx.messenger.post(thread, {
      text: t('design:more.text', range),
      blocks: [{ type: 'markdown', text: head }, ...hitBlocks(page, shown, t), ...(left > 0 ? [moreButton(now, left, t)] : [])],
    });
    const saved = await ctx.records.update(current, { data: { ...current.data, shown: now } });
    if (!saved) ctx.logger.warn({ thread }, 'design: how many designs are shown could not be saved');
    return undefined;
  });
  if (outcome) await note(outcome);
}
