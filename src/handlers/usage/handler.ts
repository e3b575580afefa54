/**
 * `usage`: a workspace admin sees this workspace's commands by verb and platform calls by operation over the last
 * 7 and 30 days (each call named by its workflow and step), from the daily buckets the bot keeps in its state store (state/usage-recorder.ts).
 */
import type { Handler, HandlerContext } from '../../core/handler.js';
import { markdown } from '../../core/message.js';
import { parseUsage, usageDay, usageKey, type UsageCounts } from '../../core/metrics.js';
import type { ChatKind } from '../../core/thread-id.js';
import { answerCommand } from '../workflow/command.js';
import type { Translate } from '../../i18n/index.js';
import { formatNumber } from '../../i18n/format.js';
import { OPERATIONS, type OperationId } from '../../platform/operations.js';

const DAY_MS = 86_400_000;

/** The sums of the last 7 and the last 30 days (today included), by name, for commands and for platform calls. */
export async function usageTotals(
  ctx: HandlerContext,
  chat: ChatKind,
  workspaceId: string,
  now = Date.now(),
): Promise<Record<keyof UsageCounts, Map<string, [number, number]>>> {
  const totals = { commands: new Map<string, [number, number]>(), calls: new Map<string, [number, number]>() };
  const days = await Promise.all(
    Array.from({ length: 30 }, (_, back) => ctx.state.getSetting(usageKey(chat, workspaceId, usageDay(now - back * DAY_MS)))),
  );
  days.forEach((text, back) => {
    const day = parseUsage(text);
    for (const kind of ['commands', 'calls'] as const) {
      for (const [name, n] of Object.entries(day[kind])) {
        const [week, month] = totals[kind].get(name) ?? [0, 0];
        totals[kind].set(name, [week + (back < 7 ? n : 0), month + n]);
      }
    }
  });
  return totals;
}

/** A platform call as an admin knows it: the workflow and its step (`novelty search · step 1, …`), its id after. */
function callRow(id: string, week: string, month: string, t: Translate): string {
  const known = Object.hasOwn(OPERATIONS, id) ? (id as OperationId) : undefined;
  return known ? t('usage:callRow', { what: t(`usage:operation.${known}`), id, week, month }) : t('usage:row', { name: id, week, month });
}

type Row = (name: string, week: string, month: string, t: Translate) => string;

function table(title: string, rows: Map<string, [number, number]>, row: Row, t: Translate): string {
  if (rows.size === 0) return t('usage:none', { title });
  const sorted = [...rows.entries()].sort((a, b) => b[1][1] - a[1][1] || a[0].localeCompare(b[0]));
  return [
    t('usage:heading', { title }),
    ...sorted.map(([name, [week, month]]) => row(name, formatNumber(week, t.lang), formatNumber(month, t.lang), t)),
  ].join('\n');
}

const verbRow: Row = (name, week, month, t) => t('usage:row', { name, week, month });

export const usageHandler: Handler = {
  verbs: ['usage'],
  workflow: 'usage',
  help: {
    summary: (t) => t('usage:help.summary'),
    usage: () => 'usage',
    example: () => 'usage',
  },

  async command(ctx, { incoming }) {
    const { t } = ctx;
    if (!(await ctx.messenger.isAdmin(incoming.workspaceId, incoming.user.id))) return answerCommand(ctx, incoming, markdown(t('usage:adminsOnly')));
    // counts are written in batches: this replica's latest ones are stored before they are read
    await ctx.usage?.flush?.();
    const totals = await usageTotals(ctx, ctx.messenger.chat, incoming.workspaceId);
    const text = [t('usage:title'), table(t('usage:commands'), totals.commands, verbRow, t), table(t('usage:calls'), totals.calls, callRow, t)].join(
      '\n\n',
    );
    await answerCommand(ctx, incoming, markdown(text));
  },
};
