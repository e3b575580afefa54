/**
 * `/iip report` end to end through the real Slack app, the workflow machinery and the simulator: the outline
 * with Generate and Edit (only the two custom modules editable), AI34-2, AI34-3 polled by report_id, the link
 * with its 3-hour expiry, head players and key patents; a double click, a restart during the wait, a failure with Retry.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { defaultDirectory } from '../../src/platform/simulator/content/report.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, formValues, NoveltyThread, textOf } from './slack-novelty-steps.js';

const QUESTION = 'Solid-state electrolytes for fast-charging electric vehicle batteries';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function started(): Promise<NoveltyThread> {
  h = await startSlackBot();
  await h.command(`report ${QUESTION}`);
  return NoveltyThread.opened(h, 0);
}

const reportIdOf = (harness: SlackBotHarness): string =>
  String((harness.sim.requests.find((r) => r.operation === 'AI34-2')?.body as { report_id: string }).report_id);

function expectValidRequests(harness: SlackBotHarness): void {
  for (const request of harness.sim.requests) {
    if (request.operation === 'AI34-1' || request.operation === 'AI34-2') expect(requestErrors(request.operation, request.body)).toEqual([]);
    if (request.operation === 'AI34-3') expect(request).toMatchObject({ method: 'GET', body: undefined });
  }
}

describe('/iip report', () => {
  test('Edit adds a custom module (the platform sections read-only), generates from it, and posts the link with its expiry, head players and key patents', async () => {
    const t = await started();
    expect(h!.slack.message('C1', t.parentTs)!.text).toContain('<@U1> asked for a technology pre-research report');
    const outline = await t.step('Report outline');
    expect(bodiesOf(h!, 'AI34-1')).toEqual([{ technical_issues: QUESTION, auto_directory: false }]);
    const proposed = defaultDirectory(QUESTION);
    for (const section of proposed) expect(textOf(outline)).toContain(section.name.split(':')[0]);
    expect(buttonsOf(outline).map((b) => b.label)).toEqual(['Generate', 'Edit', 'Cancel']);

    const edit = await t.openForm(outline, 'Edit');
    const blocks = edit.view.blocks as Array<Record<string, unknown>>;
    expect(blocks.filter((b) => b.type === 'section')).toHaveLength(proposed.length);
    expect(blocks.filter((b) => b.type === 'input').map((b) => b.block_id)).toEqual(['custom-1', 'custom-2']);
    expect(formValues(edit.view)).toMatchObject({ 'custom-1': '', 'custom-2': '' });
    expect((edit.view as { submit?: { text?: string } }).submit?.text).toBe('Save');
    await h!.submitForm(edit.view, { 'custom-1': '  Sodium-ion   alternatives ', 'custom-2': '' });
    // Save shows the outline again with the module, nothing generated yet; Generate sends it
    const saved = await waitFor(
      () => t.replies.find((m) => m.ts === outline.ts && textOf(m).includes('Sodium-ion alternatives') && buttonsOf(m).length > 0),
      'the outline shown again',
    );
    expect(bodiesOf(h!, 'AI34-2')).toEqual([]);
    await t.press(saved, 'Generate');

    const done = await t.reply('Pre-research report ready');
    const custom = { key: 'TECH_RESEARCH_CUSTOM_MODULE_1', name: 'Sodium-ion alternatives', source_type: 'customize' };
    const reportId = reportIdOf(h!);
    expect(bodiesOf(h!, 'AI34-2')).toEqual([{ report_id: reportId, technical_issues: QUESTION, analysis_directory: [...proposed, custom] }]);
    const queries = h!.sim.requests.filter((r) => r.operation === 'AI34-3');
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) expect(q.query).toEqual({ report_id: reportId });
    expectValidRequests(h!);

    const text = textOf(done);
    expect(text).toMatch(/\[Solid-state electrolytes for fast-charging electric vehicle batteries\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(text).toMatch(/works for 3 hours, until about [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC/);
    expect(text).toContain('Head players');
    expect(text).toContain('patent count');
    expect(text).toContain('Key patents');
    expect(text).toMatch(/\[[A-Z]{2}\d+[A-Z]\d?\]\(https:\/\/patents\.google\.com\/patent\//);
    const settled = t.replies.find((m) => m.ts === outline.ts)!;
    expect(textOf(settled)).toContain('Sodium-ion alternatives');
    expect(textOf(settled)).toContain('Confirmed by <@U1>');
    expect(buttonsOf(settled)).toEqual([]);
    await eventually(async () => (await h!.bot.state.listOpenByUser('T1', 'U1')).length === 0, 'the report to be done');
  });

  test('a double click on Generate sends AI34-2 once, with the outline as proposed', async () => {
    const t = await started();
    const outline = await t.step('Report outline');
    const generate = t.button(outline, 'Generate');
    const notes = h!.slack.ephemerals.length;
    await Promise.all([t.pressControl(outline, generate), t.pressControl(outline, generate)]);
    await t.reply('Pre-research report ready');
    await waitFor(() => h!.slack.ephemerals.length > notes, 'the note to the second click');
    expect(h!.slack.ephemerals.slice(notes).map((e) => e.text)).toEqual([expect.stringContaining('Already done')]);
    expect(bodiesOf(h!, 'AI34-2')).toEqual([
      { report_id: reportIdOf(h!), technical_issues: QUESTION, analysis_directory: defaultDirectory(QUESTION) },
    ]);
    expectValidRequests(h!);
  });

  test('a restart while the report is written resumes polling by report_id and completes', async () => {
    const t = await started();
    const outline = await t.step('Report outline');
    h!.sim.setTaskDuration(60_000);
    await t.press(outline, 'Generate');
    const progress = await t.reply('Writing the pre-research report');
    expect(buttonsOf(progress).map((b) => b.label)).toEqual(['Cancel']);
    await waitFor(() => bodiesOf(h!, 'AI34-3').length > 0, 'a first poll');
    // the progress shows as a plan below the progress message (slack-plan.test.ts has it in detail)
    await waitFor(
      () =>
        h!.slack.streams
          .messages()
          .some((m) => m.threadTs === t.parentTs && JSON.stringify(m.stream?.chunks).includes('Writing · started less than a minute ago')),
      'the progress in the plan',
    );
    expect((await h!.bot.state.listWaiting())[0]?.wait).toMatchObject({ operation: 'AI34-3', step: 'report' });
    await h!.restart();
    const polled = h!.sim.requests.filter((r) => r.operation === 'AI34-3').length;
    await waitFor(() => h!.sim.requests.filter((r) => r.operation === 'AI34-3').length > polled, 'a poll by the restarted bot');
    h!.sim.setTaskDuration(0);
    const done = await t.reply('Pre-research report ready');
    expect(done.ts).toBe(progress.ts);
    // each process showed its own plan: the stopped bot's left as it was, the restarted one's complete
    const plans = h!.slack.streams.messages().filter((m) => m.threadTs === t.parentTs);
    expect(plans.map((m) => m.stream!.state)).toEqual(['completed', 'completed']);
    const lastStatus = (m: (typeof plans)[number]) => m.stream!.chunks.filter((c) => c.type === 'task_update').at(-1)?.status;
    expect(plans.map(lastStatus)).toEqual(['in_progress', 'complete']);
    expect(bodiesOf(h!, 'AI34-1')).toHaveLength(1);
    expect(bodiesOf(h!, 'AI34-2')).toHaveLength(1);
  });

  test('a failed report shows Retry; Retry generates again from the same outline and completes', async () => {
    const t = await started();
    h!.sim.inject({ kind: 'task-fails', operation: 'AI34-3', times: 1 });
    await t.press(await t.step('Report outline'), 'Generate');
    const failure = await t.step('Writing the pre-research report (usually a few minutes) failed');
    expect(buttonsOf(failure).map((b) => b.label)).toEqual(['Retry', 'Cancel']);
    await t.press(failure, 'Retry');
    await t.reply('Pre-research report ready');
    const [first, again] = bodiesOf(h!, 'AI34-2');
    expect(again).toEqual(first);
    expectValidRequests(h!);
  });

  test('help lists the report and the disclosure with an example each', async () => {
    h = await startSlackBot();
    await h.command('help');
    await waitFor(() => h!.slack.ephemerals.length > 0, 'the help');
    const help = h.slack.ephemerals[0]!.text + JSON.stringify(h.slack.ephemerals[0]!.blocks);
    expect(help).toContain('/iip report');
    expect(help).toContain('e.g. `/iip report Solid-state electrolytes');
    expect(help).toContain('/iip disclosure');
    expect(help).toContain('e.g. `/iip disclosure A bicycle helmet');
  });

  test('an empty question gets the usage and calls nothing', async () => {
    h = await startSlackBot();
    await h.command('report');
    await waitFor(() => h!.slack.ephemerals.length > 0, 'the usage note');
    expect(h.slack.ephemerals[0]!.text).toContain('Usage: `/iip report &lt;technology question&gt; [--auto-outline] [--let-others-confirm]`');
    expect(h.sim.requests).toEqual([]);
  });
});
