/**
 * Long workflow steps shown as Slack plans, end to end through the real Bolt app, the workflow machinery and the
 * simulator: what reaches the fake Web API (chat.startStream with task_display_mode plan and the recipient, the
 * task updates as the platform's steps advance, chat.stopStream with their last states), and the fallback to the
 * progress message edited as before when Slack refuses the streaming methods.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { IDEA, NoveltyThread, textOf } from './slack-novelty-steps.js';

type Json = Record<string, unknown>;

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const planIn = (harness: SlackBotHarness, threadTs: string): FakeSlackMessage | undefined =>
  harness.slack.streams.messages().find((m) => m.threadTs === threadTs && m.stream?.taskDisplayMode === 'plan');

/** Each task's last update, by id, in the order the tasks first appeared. */
function lastTaskStates(plan: FakeSlackMessage): Record<string, Json> {
  const states: Record<string, Json> = {};
  for (const chunk of plan.stream!.chunks) if (chunk.type === 'task_update') states[String(chunk.id)] = chunk;
  return states;
}

async function reportOutline(harness: SlackBotHarness): Promise<{ t: NoveltyThread; outline: FakeSlackMessage }> {
  await harness.command('report Solid-state electrolytes for fast-charging electric vehicle batteries');
  const t = await NoveltyThread.opened(harness, 0);
  return { t, outline: await t.step('Report outline') };
}

const editsWith = (harness: SlackBotHarness, text: string) =>
  harness.slack.callsTo('chat.update').filter((c) => JSON.stringify(c.args).includes(text));

describe('workflow progress as a Slack plan', () => {
  test('report writing: a plan in the thread for the asker, its task running while AI34-3 says RUNNING, complete when the report is ready', async () => {
    h = await startSlackBot();
    const { t, outline } = await reportOutline(h);
    h.sim.setTaskDuration(1_500);
    await t.press(outline, 'Generate');
    const plan = await waitFor(() => planIn(h!, t.parentTs), 'the plan of the report writing');
    await t.reply('Pre-research report ready');

    const [start] = h.slack.callsTo('chat.startStream');
    expect(start?.error).toBeUndefined();
    expect(start?.args).toMatchObject({
      channel: 'C1',
      thread_ts: t.parentTs,
      recipient_user_id: 'U1',
      recipient_team_id: 'T1',
      task_display_mode: 'plan',
    });
    const chunks = start!.args.chunks as Json[];
    expect(chunks[0]).toEqual({ type: 'plan_update', title: 'Writing the pre-research report (usually a few minutes)' });
    expect(chunks[1]).toMatchObject({ type: 'task_update', id: 'report', title: 'Writing the report', status: 'in_progress' });
    expect(String(chunks[1]!.details)).toMatch(/^Writing · (started less than a minute ago|running for \d+ min)/);
    expect(plan.stream!.state).toBe('completed');
    expect(lastTaskStates(plan)).toEqual({ report: expect.objectContaining({ status: 'complete' }) });
    // the plan shows the progress: the progress message is not edited with it
    expect(editsWith(h, 'Writing · ')).toEqual([]);
  });

  test('where Slack refuses the streaming methods, the progress message shows the progress as before', async () => {
    h = await startSlackBot();
    h.slack.streams.refuseForTeam('T1');
    const { t, outline } = await reportOutline(h);
    h.sim.setTaskDuration(1_500);
    await t.press(outline, 'Generate');
    const progress = await t.reply('Writing the pre-research report');
    await waitFor(() => textOf(t.replies.find((m) => m.ts === progress.ts)!).includes('Writing · started less than a minute ago'), 'the note');
    await t.reply('Pre-research report ready');
    const starts = h.slack.callsTo('chat.startStream');
    expect(starts.map((c) => c.error)).toEqual(['unknown_method']);
    expect(h.slack.callsTo('chat.appendStream')).toEqual([]);
    expect(planIn(h, t.parentTs)).toBeUndefined();
  });

  test('novelty agent search: each of AI35-8 process steps is a task, in the platform order, each complete when the search is', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    await t.press(await t.step('Step 1 of 5'), 'Confirm');
    await t.press(await t.step('Step 2 of 5'), 'Confirm');
    const elements = await t.step('Step 3 of 5');
    h.sim.setTaskDuration(700);
    await t.press(elements, 'Confirm and search');
    await t.step('Step 4 of 5', 15_000);

    const plan = planIn(h, t.parentTs)!;
    expect(plan.stream).toMatchObject({ state: 'completed', recipientUserId: 'U1', recipientTeamId: 'T1' });
    const planTitles = plan.stream!.chunks.filter((c) => c.type === 'plan_update').map((c) => c.title);
    expect(planTitles).toEqual(['Searching the patent literature (this takes a few minutes)']);
    const states = lastTaskStates(plan);
    expect(Object.keys(states)).toEqual([
      'semantic_search',
      'all_elements_search_tacd',
      'all_elements_search_ai_summary',
      'all_elements_search_dynamic',
      'relevant_tracking_search',
    ]);
    expect(Object.values(states).map((s) => s.status)).toEqual(['complete', 'complete', 'complete', 'complete', 'complete']);
    expect(states.semantic_search).toMatchObject({ title: 'Semantic Search', details: 'Searching by semantic search' });
    // on the way a step ran while the ones before it were done
    const running = plan.stream!.chunks.filter((c) => c.type === 'task_update' && c.status === 'in_progress').map((c) => c.id);
    expect(running.length).toBeGreaterThan(1);
    // each call carries only the tasks that changed since the one before, one call at a time
    const calls = h.slack.calls.filter((c) => c.method.endsWith('Stream'));
    expect(calls.map((c) => c.method).slice(-1)).toEqual(['chat.stopStream']);
    const sent = new Map<unknown, string>();
    for (const call of calls) {
      for (const chunk of (call.args.chunks ?? []) as Json[]) {
        if (chunk.type !== 'task_update') continue;
        expect(JSON.stringify(chunk)).not.toBe(sent.get(chunk.id));
        sent.set(chunk.id, JSON.stringify(chunk));
      }
    }
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.at).toBeGreaterThanOrEqual(calls[i - 1]!.answeredAt!);
    expect(editsWith(h, 'search steps done')).toEqual([]);
  });

  test('Slack refusing an update mid-way: the progress message takes over with the notes, and the plan is still ended', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    await t.press(await t.step('Step 1 of 5'), 'Confirm');
    await t.press(await t.step('Step 2 of 5'), 'Confirm');
    const elements = await t.step('Step 3 of 5');
    h.slack.failNext('chat.appendStream', 'channel_type_not_supported');
    h.sim.setTaskDuration(700);
    await t.press(elements, 'Confirm and search');
    await t.step('Step 4 of 5', 15_000);

    expect(h.slack.callsTo('chat.appendStream').map((c) => c.error)).toEqual(['channel_type_not_supported']);
    expect(editsWith(h, 'search steps done').length).toBeGreaterThan(0);
    const plan = planIn(h, t.parentTs)!;
    expect(plan.stream!.state).toBe('completed');
  });
});
