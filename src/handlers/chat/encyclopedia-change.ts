/**
 * A choice from the encyclopedia thread's option controls: it changes what the thread's next questions are
 * searched with. It is saved between answers (under the thread's chat lock), so an answer still streaming keeps
 * the options it started with and its record is never written under it.
 */
import type { HandlerContext } from '../../core/handler.js';
import type { ActionIncoming } from '../../core/incoming.js';
import { markdown, mention } from '../../core/message.js';
import { leaseMsOf } from '../../core/lease.js';
import { ANSWERING, chatLock } from './answer.js';
import { optionControls, SOURCE_ACTION } from './encyclopedia-controls.js';
import { describeOptions, optionsOf, sourceNamed, TOGGLES, type EncyclopediaOptions, type Toggle } from './encyclopedia-options.js';

/** A choice made while an answer streams waits for it this long. */
const CHANGE_WAIT_MS = 10 * 60_000;

/** The options a click asks for, or undefined for a value no control of ours sends. */
function chosen(incoming: ActionIncoming, current: EncyclopediaOptions): EncyclopediaOptions | undefined {
  if (incoming.action === SOURCE_ACTION) {
    const source = sourceNamed(incoming.value);
    return source === undefined ? undefined : { ...current, source };
  }
  const [key, state] = incoming.value.split(':');
  if (!TOGGLES.some((t) => t.key === key) || (state !== 'on' && state !== 'off')) return undefined;
  return { ...current, [key as Toggle]: state === 'on' };
}

const same = (a: EncyclopediaOptions, b: EncyclopediaOptions): boolean => a.source === b.source && TOGGLES.every((t) => a[t.key] === b[t.key]);

/** Saves the options a control asks for and says in the thread what the next questions will be searched with. */
export async function changeOptions(ctx: HandlerContext, incoming: ActionIncoming): Promise<void> {
  const { thread } = incoming;
  const { t } = ctx;
  const note = (text: string) => ctx.messenger.notify({ thread }, incoming.user.id, markdown(text));
  const outcome = await ctx.state.withLock(
    chatLock(thread),
    async (): Promise<EncyclopediaOptions | string> => {
      const record = await ctx.state.get(thread);
      if (record?.workflow !== 'chat' || record.data.family !== 'encyclopedia') return t('encyclopedia:notEncyclopedia');
      if (record.wait?.step === ANSWERING) return t('encyclopedia:busy');
      const current = optionsOf(record.data);
      const wanted = chosen(incoming, current);
      if (!wanted) return t('encyclopedia:notOffered');
      if (same(wanted, current)) return t('encyclopedia:alreadySet', { options: describeOptions(current, t) });
      const saved = await ctx.records.update(record, { data: { ...record.data, options: wanted } });
      return saved ? wanted : t('encyclopedia:movedOn');
    },
    { waitMs: CHANGE_WAIT_MS, ttlMs: leaseMsOf(ctx.settings) },
  );
  if (typeof outcome === 'string') return note(outcome);
  const text = t('encyclopedia:changed', { user: mention(incoming.user.id), options: describeOptions(outcome, t) });
  await ctx.messenger.post(thread, { text, blocks: [{ type: 'context', text }, ...optionControls(outcome, t)] });
}
