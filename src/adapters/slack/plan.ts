/**
 * A long step's progress as Slack's plan display: chat.startStream with `task_display_mode: 'plan'` opens a
 * message holding a plan (plan_update chunk: its title) and its tasks (task_update chunks: id, title, status,
 * details); chat.appendStream sends only the tasks that changed, chat.stopStream the last changes and ends it.
 * Outside DMs Slack streams only to a recipient: the user and team the plan is shown to.
 */
import type { Plan, PlanDisplay, PlanTask } from '../../core/adapter.js';
import { truncate } from '../../core/text.js';
import type { ThreadId } from '../../core/thread-id.js';
import { slackThread } from './ids.js';
import type { ApiCall } from './reach.js';

type Chunk = Record<string, unknown>;

/** Slack's limits on a task card's text (the task_update chunk): a title line and a short detail. */
const TITLE_MAX_CHARS = 256;
const DETAILS_MAX_CHARS = 1_000;

function taskChunk(task: PlanTask): Chunk {
  return {
    type: 'task_update',
    id: task.id,
    title: truncate(task.title, TITLE_MAX_CHARS),
    status: task.status,
    ...(task.details ? { details: truncate(task.details, DETAILS_MAX_CHARS) } : {}),
  };
}

/** What changed since `shown`: the plan's title if new, and every task that is new or differs. */
function changes(shown: Plan | undefined, plan: Plan): Chunk[] {
  const chunks: Chunk[] = [];
  if (shown?.title !== plan.title) chunks.push({ type: 'plan_update', title: truncate(plan.title, TITLE_MAX_CHARS) });
  const before = new Map((shown?.tasks ?? []).map((task) => [task.id, task]));
  for (const task of plan.tasks) {
    const was = before.get(task.id);
    if (!was || was.status !== task.status || was.title !== task.title || was.details !== task.details) chunks.push(taskChunk(task));
  }
  return chunks;
}

/** Opens the plan's message in the thread; throws (a `ChatError`) when Slack refuses, so the caller falls back. */
export async function startSlackPlan(api: ApiCall, thread: ThreadId, recipientUserId: string, plan: Plan): Promise<PlanDisplay> {
  const { team, channel, threadTs } = slackThread(thread);
  const started = await api(team, 'chat.startStream', {
    channel,
    thread_ts: threadTs,
    recipient_user_id: recipientUserId,
    recipient_team_id: team,
    task_display_mode: 'plan',
    chunks: changes(undefined, plan),
  });
  const ts = String(started.ts ?? '');
  if (!ts) throw new Error('chat.startStream returned no ts');
  let shown: Plan = plan;
  let finished = false;
  return {
    async update(next) {
      const chunks = changes(shown, next);
      if (finished || chunks.length === 0) return;
      await api(team, 'chat.appendStream', { channel, ts, chunks });
      shown = next;
    },
    async finish(last) {
      if (finished) return;
      const chunks = changes(shown, last);
      await api(team, 'chat.stopStream', { channel, ts, ...(chunks.length > 0 ? { chunks } : {}) });
      finished = true;
      shown = last;
    },
  };
}
