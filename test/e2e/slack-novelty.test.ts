/**
 * Issue 4 end to end: `/iip novelty` through the real Bolt app, the workflow machinery, the real platform client
 * against the simulator and the fake Slack Web API, from the command to the report link, with edits at steps
 * 1, 2 and 4, checking the exact body the simulator received at each step.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { PlatformClient } from '../../src/platform/client.js';
import { OPERATIONS, type OperationId } from '../../src/platform/operations.js';
import { extractFeatures, searchElements } from '../../src/platform/simulator/content/novelty.js';
import { requestErrors, isPublished } from '../helpers/openapi-validator.js';
import { API_KEY, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { isWaitRunning } from '../../src/handlers/workflow/index.js';
import { threadId, type ThreadId } from '../../src/core/thread-id.js';
import { bodiesOf, buttonsOf, eventually, formValues, IDEA, NoveltyThread, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const EDITED_SOLUTION =
  'A telephone with a camera that reads text from captured images; the text is shown on the display; the address is fetched from a network database; the phone dials the address.';

describe('/iip novelty, the guided search', () => {
  test('the whole workflow with edits at steps 1, 2 and 4 sends exactly what the user confirmed, and posts the report link', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA} --lang en --from 20150101 --to 20241231`);
    const t = await NoveltyThread.opened(h, 0);
    expect(t.h.slack.message('C1', t.parentTs)!.text).toContain('<@U1> started a novelty search');
    const solution = await t.step('Step 1 of 5');
    expect(bodiesOf(h, 'AI35-1')).toEqual([{ input: IDEA, lang: 'en', pbd_start: '20150101', pbd_end: '20241231' }]);
    const taskId = (bodiesOf(h, 'AI35-2')[0] as { task_id: string }).task_id;

    // step 1: edit the summarised solution; Save shows it again (nothing sent), Confirm sends the edited text
    expect(buttonsOf(solution).map((b) => b.label)).toEqual(['Confirm', 'Edit', 'Cancel']);
    const edit1 = await t.openForm(solution, 'Edit');
    expect(formValues(edit1.view).solution).toContain('A telephone with an image sensor');
    expect((edit1.view as { submit?: { text?: string } }).submit?.text).toBe('Save');
    await h.submitForm(edit1.view, { solution: EDITED_SOLUTION });
    const edited1 = await waitFor(
      () => t.replies.find((m) => m.ts === solution.ts && textOf(m).includes('the phone dials the address') && buttonsOf(m).length > 0),
      'the edited solution shown again',
    );
    expect(bodiesOf(h, 'AI35-3')).toEqual([]);
    await t.press(edited1, 'Confirm');
    await waitFor(() => bodiesOf(h!, 'AI35-3').length === 1, 'AI35-3');
    expect(bodiesOf(h, 'AI35-3')).toEqual([{ task_id: taskId, tech_solution: EDITED_SOLUTION }]);
    const settled1 = await waitFor(
      () => t.replies.find((m) => textOf(m).includes('Step 1 of 5') && textOf(m).includes('Confirmed by <@U1>')),
      'step 1 settled',
    );
    expect(buttonsOf(settled1)).toEqual([]);

    // step 2: untick a feature, reword one, add one; the list is shown again, then confirmed
    const features = await t.step('Step 2 of 5');
    const edit2 = await t.openForm(features, 'Edit');
    const shown = formValues(edit2.view);
    expect(shown.leave).toEqual([]);
    await h.submitForm(edit2.view, {
      ...shown,
      leave: ['1'],
      'text-0': 'A telephone with a camera module',
      add: 'The camera is triggered by a voice command',
    });
    const redrawn = await waitFor(
      () => t.replies.find((m) => m.ts === features.ts && textOf(m).includes('left out') && buttonsOf(m).length > 0),
      'the edited features',
    );
    expect(textOf(redrawn)).toContain('The camera is triggered by a voice command');
    await t.press(redrawn, 'Confirm');
    await waitFor(() => bodiesOf(h!, 'AI35-5').length === 1, 'AI35-5');
    const extracted = extractFeatures(EDITED_SOLUTION);
    // the left-out feature is not sent: AI35-5 confirms the features it is given
    const confirmed = [
      { ...extracted[0], feature_text: 'A telephone with a camera module' },
      ...extracted.slice(2),
      {
        feature_num: 'F5',
        feature_text: 'The camera is triggered by a voice command',
        feature_text_original: 'The camera is triggered by a voice command',
        selected: true,
        user_add: true,
      },
    ];
    expect(bodiesOf(h, 'AI35-5')).toEqual([{ task_id: taskId, tech_features: confirmed }]);

    // step 3: the proposed search elements, confirmed as they are
    const elements = await t.step('Step 3 of 5');
    await t.press(elements, 'Confirm and search');
    await waitFor(() => bodiesOf(h!, 'AI35-7').length === 1, 'AI35-7');
    expect(bodiesOf(h, 'AI35-7')).toEqual([{ task_id: taskId, elements: searchElements(confirmed) }]);

    // step 4: add a patent through AI35-12, leave out the second reference, confirm the list
    const references = await t.step('Step 4 of 5');
    expect(textOf(references)).toContain('most similar');
    expect(textOf(references)).toMatch(/\[[A-Z]{2}\d+[A-Z]\d?\]\(https:\/\/patents\.google\.com\/patent\//);
    // a number that cannot be read: the modal stays open with why on the field (slack-novelty-patent-number)
    const unreadable = await t.openForm(references, 'Add a patent');
    const refusal = await h.submitForm(unreadable.view, { pn: 'hinge' });
    expect(JSON.parse(refusal.body)).toMatchObject({ response_action: 'errors', errors: { pn: expect.stringContaining('US 2019/0083787 A1') } });
    expect(bodiesOf(h, 'AI35-12')).toEqual([]);
    const add = await t.openForm(references, 'Add a patent');
    await h.submitForm(add.view, { pn: 'cn 118289111a' });
    const withAdded = await waitFor(
      () => t.replies.find((m) => m.ts === references.ts && textOf(m).includes('CN118289111A') && buttonsOf(m).length > 0),
      'the added patent',
    );
    const selected = confirmed;
    expect(bodiesOf(h, 'AI35-12')).toEqual([
      { request: { pn: 'CN118289111A', is_add_patent: true, add_patent_selected: true }, tech_features: selected },
    ]);
    const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: API_KEY });
    const found = (await platform.call('AI35-8', { task_id: taskId })).final_result!;
    const removedPn = found[1]!.document!.split(' ')[0]!;
    await t.choose(withAdded, `2. Leave out ${removedPn}`);
    const afterRemoval = await waitFor(
      () => t.replies.find((m) => m.ts === references.ts && textOf(m).includes(`2. Include ${removedPn}`) && buttonsOf(m).length > 0),
      'the removal',
    );
    await t.press(afterRemoval, 'Confirm');
    await waitFor(() => bodiesOf(h!, 'AI35-9').length === 1, 'AI35-9');
    const addedEntry = (
      await platform.call('AI35-12', { request: { pn: 'CN118289111A', is_add_patent: true, add_patent_selected: true }, tech_features: selected })
    ).final_res![0]!;
    const { claims: _claims, ...addedWithoutClaims } = addedEntry;
    await platform.close();
    expect(bodiesOf(h, 'AI35-9')).toEqual([
      {
        task_id: taskId,
        final_result: [
          ...found.filter((f, i) => i !== 1 && f.selected !== false).map((f) => ({ ...f, selected: true })),
          { ...addedWithoutClaims, user_added: true, selected: true },
        ],
      },
    ]);

    // step 5: the report title (default from the idea), then the link
    const report = await t.step('Step 5 of 5');
    const inReport = found.filter((f, i) => i !== 1 && f.selected !== false).length + 1;
    expect(textOf(report)).toContain(`(${inReport} references)`);
    const titleForm = await t.openForm(report, 'Generate report');
    expect(formValues(titleForm.view).title).toMatch(/^Novelty search: A telephone with an image sensor/);
    await h.submitForm(titleForm.view, { title: 'Image-reading telephone: novelty' });
    const done = await t.reply('Novelty search report ready');
    expect(bodiesOf(h, 'AI35-10')).toEqual([{ task_id: taskId, title: 'Image-reading telephone: novelty' }]);
    expect(textOf(done)).toMatch(/\[Image-reading telephone: novelty\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(bodiesOf(h, 'AI35-11').every((b) => JSON.stringify(b) === JSON.stringify({ task_id: taskId }))).toBe(true);
    await eventually(async () => (await h!.bot.state.listOpenByUser('T1', 'U1')).length === 0, 'the search to be done');

    // every request the bot sent is valid against the published schema
    for (const request of h.sim.requests) {
      if (request.operation !== 'unknown' && isPublished(request.operation)) expect(requestErrors(request.operation, request.body)).toEqual([]);
    }
    // settled steps keep their content, lose their buttons, and say who confirmed them
    const settledSteps = t.replies.filter((m) => textOf(m).includes('Confirmed by <@U1>'));
    expect(settledSteps.length).toBe(5);
    for (const m of settledSteps) expect(buttonsOf(m)).toEqual([]);
  });

  test('status in the thread and outside it (with a link to the thread), and Cancel on a step', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    await t.press(await t.step('Step 1 of 5'), 'Confirm');
    const features = await t.step('Step 2 of 5');
    const confirm = t.button(features, 'Confirm');
    // the review is shown just before its record is saved: status answers from the record
    const thread = threadId('slack', 'T1', 'C1', t.parentTs);
    await eventually(async () => (await h!.bot.state.get(thread))?.status === 'active', 'the features review recorded');

    let before = h.slack.ephemerals.length;
    await h.event(
      { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> status', ts: '1800000000.000100', thread_ts: t.parentTs },
      'EvStatus1',
    );
    expect(await t.note(before)).toContain('*novelty search*: at the features review, active');
    before = h.slack.ephemerals.length;
    await h.command('status');
    const listed = await t.note(before);
    expect(listed).toContain('Your open workflows');
    expect(listed).toContain(`[open the thread](https://fake.slack.test/archives/C1/p${t.parentTs.replace('.', '')})`);

    await t.pressControl(features, t.button(features, 'Cancel'));
    await t.reply('Cancelled by <@U1>');
    await waitFor(() => buttonsOf(t.replies.find((m) => m.ts === features.ts)!).length === 0, 'the cancelled step without buttons');
    expect(textOf(t.replies.find((m) => m.ts === features.ts)!)).toContain('⏹ Cancelled');
    before = h.slack.ephemerals.length;
    await t.pressControl(features, confirm);
    expect(await t.note(before)).toContain('already cancelled');
    expect(bodiesOf(h, 'AI35-5')).toEqual([]);
    before = h.slack.ephemerals.length;
    await h.command('status');
    expect(await t.note(before)).toContain('You have no open workflows.');
  });

  test('cancel in the thread while a step waits on the platform stops the wait', async () => {
    h = await startSlackBot();
    await h.command(`novelty ${IDEA}`);
    const t = await NoveltyThread.opened(h, 0);
    const solution = await t.step('Step 1 of 5');
    h.sim.setTaskDuration(60_000);
    await t.press(solution, 'Confirm');
    const progress = await t.reply('Extracting the technical features');
    const thread = (await h.bot.state.listWaiting())[0]!.thread as ThreadId;
    await waitFor(() => isWaitRunning(h!.bot.memory, thread), 'the running wait');
    await h.event(
      { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> cancel', ts: '1800000000.000200', thread_ts: t.parentTs },
      'EvCancel1',
    );
    await waitFor(() => textOf(t.replies.find((m) => m.ts === progress.ts)!).includes('⏹ Cancelled'), 'the stopped wait');
    await waitFor(() => !isWaitRunning(h!.bot.memory, thread), 'the poller to end');
    const polls = bodiesOf(h, 'AI35-4').length;
    expect(buttonsOf(t.replies.find((m) => m.ts === progress.ts)!)).toEqual([]);
    expect(await h.bot.state.listWaiting()).toEqual([]);
    expect((await h.bot.state.get(thread))!.status).toBe('cancelled');
    // the platform task goes on, but nobody asks for it any more
    h.sim.setTaskDuration(0);
    await h.command('status');
    await waitFor(() => h!.slack.ephemerals.some((e) => e.text.includes('no open workflows')), 'the status note');
    expect(bodiesOf(h, 'AI35-4')).toHaveLength(polls);
  });
});

describe('/iip novelty quick and bad input', () => {
  test('quick runs the older one-shot group and posts the report link without review steps', async () => {
    h = await startSlackBot();
    await h.command(`novelty quick ${IDEA} --lang cn`);
    const t = await NoveltyThread.opened(h, 0);
    const done = await t.reply('Novelty report ready');
    expect(bodiesOf(h, 'NOVELTY-REPORT')).toEqual([{ input: IDEA, lang: 'cn' }]);
    const taskId = (bodiesOf(h, 'NOVELTY-QUERY')[0] as { task_id: string }).task_id;
    for (const op of ['NOVELTY-QUERY', 'NOVELTY-DOWNLOAD'] as const) {
      expect(bodiesOf(h, op).length).toBeGreaterThan(0);
      for (const body of bodiesOf(h, op)) expect(body).toEqual({ task_id: taskId });
    }
    expect(textOf(done)).toMatch(/\[download the report\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(textOf(done)).toContain('Closest references');
    expect(t.replies.flatMap(buttonsOf)).toEqual([]);
    expect(h.sim.requests.some((r) => String(r.operation).startsWith('AI35'))).toBe(false);
    // the older group is not in openapi.json: its requests are checked against the project's own schemas
    for (const request of h.sim.requests) expect(OPERATIONS[request.operation as OperationId].request.safeParse(request.body).success).toBe(true);
    await eventually(async () => (await h!.bot.state.listOpenByUser('T1', 'U1')).length === 0, 'the report to be done');
  });

  test('bad options and ideas get the usage line and call nothing', async () => {
    h = await startSlackBot();
    const cases: Array<[string, string]> = [
      ['novelty', 'Describe the technical idea'],
      [`novelty ${IDEA} --lang xx`, '`--lang` must be `en` or `cn`'],
      [`novelty ${IDEA} --from 2024-01-01`, '`--from` must be a date written YYYYMMDD'],
      [`novelty ${IDEA} --to 20240230`, '`--to` must be a date written YYYYMMDD'],
      [`novelty ${IDEA} --from 20240101 --to 20230101`, '`--from` must not be after `--to`'],
      [`novelty ${IDEA} --from`, '`--from` needs a value'],
      [`novelty ${IDEA} --colour blue`, 'Unknown option `--colour`'],
      [`novelty ${IDEA} --family-merge=yes`, '`--family-merge` takes no value'],
      [`novelty ${'x'.repeat(5_001)}`, 'at most 5,000 characters; yours has 5,001'],
    ];
    for (const [command, problem] of cases) {
      const before = h.slack.ephemerals.length;
      await h.command(command);
      const note = await waitFor(() => h!.slack.ephemerals[before], `the note for ${command.slice(0, 30)}`);
      const shown = JSON.stringify(note.blocks);
      expect(shown).toContain(problem);
      expect(shown).toContain(
        'Usage: `/iip novelty <technical idea> [--lang en|cn] [--from YYYYMMDD] [--to YYYYMMDD] [--family-merge] [--let-others-confirm]`',
      );
    }
    expect(h.sim.requests).toEqual([]);
    expect(h.slack.callsTo('chat.postMessage')).toEqual([]);
    const before = h.slack.ephemerals.length;
    await h.command('help');
    expect(JSON.stringify((await waitFor(() => h!.slack.ephemerals[before], 'help')).blocks)).toContain('/iip novelty [quick] <technical idea>');
  });
});
