/**
 * `usage`: a workspace admin sees this workspace's commands by verb and platform calls by operation over the last
 * 7 and 30 days, from the daily buckets the bot keeps in its state store (state/usage-recorder.ts).
 */
import type { Handler, HandlerContext } from '../../core/handler.js';
import { markdown } from '../../core/message.js';
import { parseUsage, usageDay, usageKey, type UsageCounts } from '../../core/metrics.js';
import type { ChatKind } from '../../core/thread-id.js';
import { answerCommand } from '../workflow/command.js';

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

function table(title: string, rows: Map<string, [number, number]>): string {
  if (rows.size === 0) return `*${title}*: none in the last 30 days.`;
  const sorted = [...rows.entries()].sort((a, b) => b[1][1] - a[1][1] || a[0].localeCompare(b[0]));
  return [`*${title}* (last 7 days · last 30 days)`, ...sorted.map(([name, [week, month]]) => `• \`${name}\`: ${week} · ${month}`)].join('\n');
}

export const usageHandler: Handler = {
  verbs: ['usage'],
  workflow: 'usage',
  help: {
    summary: "admins: this workspace's commands and platform calls over the last 7 and 30 days",
    usage: 'usage',
    example: 'usage',
  },

  async command(ctx, { incoming }) {
    if (!(await ctx.messenger.isAdmin(incoming.workspaceId, incoming.user.id)))
      return answerCommand(ctx, incoming, markdown('Only a workspace admin can see its usage.'));
    // counts are written in batches: this replica's latest ones are stored before they are read
    await ctx.usage?.flush?.();
    const totals = await usageTotals(ctx, ctx.messenger.chat, incoming.workspaceId);
    const text = [
      `Usage of this workspace (days in UTC, today included)`,
      table('Commands by verb', totals.commands),
      table('Platform calls by operation', totals.calls),
    ].join('\n\n');
    await answerCommand(ctx, incoming, markdown(text));
  },
};
