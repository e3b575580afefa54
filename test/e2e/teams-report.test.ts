/**
 * `report` in a Teams channel, end to end through botbuilder's CloudAdapter, the workflow machinery and the
 * simulator: the outline card with Generate and Edit; Edit posts the form as an inline card (no modals in
 * Teams) with the platform's sections read-only and the two custom modules as inputs; AI34-2 gets the edited
 * outline; the link with its expiry, head players and key patents; a double click on Generate sends AI34-2 once;
 * Get a fresh link, pressed by another user, asks AI34-3 for a new link and posts it in the reply chain.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { defaultDirectory } from '../../src/platform/simulator/content/report.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { bodiesOf, button, inputsOf, TeamsThread, textOf } from '../helpers/teams-workflow-steps.js';

const BOB = { id: '29:1user-bob', name: 'Bob Example', aadObjectId: '00000000-0000-0000-0000-0000000000b2' };
const QUESTION = 'Solid-state electrolytes for fast-charging electric vehicle batteries';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const linkIn = (text: string): string => /\]\((http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]+\.pdf)\)/.exec(text)![1]!;
const reportIdOf = (harness: TeamsBotHarness): string => (bodiesOf(harness, 'AI34-2')[0] as { report_id: string }).report_id;

function expectValidRequests(harness: TeamsBotHarness): void {
  for (const request of harness.sim.requests) {
    if (request.operation === 'AI34-1' || request.operation === 'AI34-2') expect(requestErrors(request.operation, request.body)).toEqual([]);
  }
}

describe('report in a Teams channel', () => {
  test('Edit posts an inline form, its custom module goes into AI34-2, and the link comes with its expiry, head players and key patents', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `report ${QUESTION}`);
    const outline = await t.step('Report outline');
    expect(bodiesOf(h, 'AI34-1')).toEqual([{ technical_issues: QUESTION, auto_directory: false }]);
    const proposed = defaultDirectory(QUESTION);
    for (const section of proposed) expect(cardJson(outline)).toContain(section.name.split(':')[0]);
    expect(buttonsOf(outline).map((b) => b.title)).toEqual(['Generate', 'Edit', 'Cancel']);

    await t.press(outline, 'Edit');
    const form = await t.form(outline);
    expect(inputsOf(form).map((i) => [i.type, i.id, i.value])).toEqual([
      ['Input.Text', 'custom-1', undefined],
      ['Input.Text', 'custom-2', undefined],
    ]);
    for (const section of proposed) expect(textOf(form)).toContain(section.name.split(':')[0]);
    await t.submit(form, { 'custom-1': '  Sodium-ion   alternatives ', 'custom-2': '' });
    // Save shows the outline again with the module and generates nothing; Generate does
    const saved = await waitFor(
      () => t.replies.find((m) => m.id === outline.id && textOf(m).includes('Sodium-ion alternatives') && buttonsOf(m).length > 0),
      'the outline shown again',
    );
    expect(bodiesOf(h, 'AI34-2')).toEqual([]);
    await t.press(saved, 'Generate');

    const done = await t.reply('Pre-research report ready');
    const custom = { key: 'TECH_RESEARCH_CUSTOM_MODULE_1', name: 'Sodium-ion alternatives', source_type: 'customize' };
    const reportId = reportIdOf(h);
    expect(bodiesOf(h, 'AI34-2')).toEqual([{ report_id: reportId, technical_issues: QUESTION, analysis_directory: [...proposed, custom] }]);
    for (const q of h.sim.requests.filter((r) => r.operation === 'AI34-3')) expect(q.query).toEqual({ report_id: reportId });
    expectValidRequests(h);
    const text = cardJson(done);
    expect(text).toMatch(/\[Solid-state electrolytes for fast-charging electric vehicle batteries\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(text).toMatch(/works for 3 hours, until about [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC/);
    expect(text).toContain('Head players');
    expect(text).toContain('Key patents');
    const settled = await waitFor(
      () => t.replies.find((m) => m.id === outline.id && textOf(m).includes('Sodium-ion alternatives') && buttonsOf(m).length === 0),
      'the outline settled with the edit',
    );
    expect(textOf(settled)).toContain('Confirmed by');
  });

  test('a double click on Generate sends AI34-2 once, with the outline as proposed', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `report ${QUESTION}`);
    const outline = await t.step('Report outline');
    await t.doubleClick(outline, 'Generate');
    await t.reply('Pre-research report ready');
    await t.note('Already done');
    expect(bodiesOf(h, 'AI34-2')).toEqual([{ report_id: reportIdOf(h), technical_issues: QUESTION, analysis_directory: defaultDirectory(QUESTION) }]);
    expectValidRequests(h);
  });
});

describe('report in a Teams channel: the inline form', () => {
  test('the Edit form submitted twice at once (it stays on screen in Teams) saves the module, and Generate generates once', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `report ${QUESTION}`);
    const outline = await t.step('Report outline');
    await t.press(outline, 'Edit');
    const form = await t.form(outline);
    const fields = { 'custom-1': 'Sodium-ion alternatives', 'custom-2': '' };
    await Promise.all([t.submit(form, fields), t.submit(form, fields)]);
    const saved = await waitFor(
      () => t.replies.find((m) => m.id === outline.id && textOf(m).includes('Sodium-ion alternatives') && buttonsOf(m).length > 0),
      'the outline shown again',
    );
    expect(bodiesOf(h, 'AI34-2')).toEqual([]);
    await t.press(saved, 'Generate');
    await t.reply('Pre-research report ready');
    const custom = { key: 'TECH_RESEARCH_CUSTOM_MODULE_1', name: 'Sodium-ion alternatives', source_type: 'customize' };
    expect(bodiesOf(h, 'AI34-2')).toEqual([
      { report_id: reportIdOf(h), technical_issues: QUESTION, analysis_directory: [...defaultDirectory(QUESTION), custom] },
    ]);
  });
});

describe('report in a Teams channel: the link', () => {
  test('Get a fresh link, pressed by another user, sends exactly one AI34-3 for the report and posts a new link that works', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `report ${QUESTION}`);
    await t.press(await t.step('Report outline'), 'Generate');
    const done = await t.step('Pre-research report ready');
    expect(buttonsOf(done).map((b) => b.title)).toEqual(['Get a fresh link']);
    const first = linkIn(cardJson(done));
    const reportId = reportIdOf(h);
    const sent = h.sim.requests.length;

    await h.click(t.root, done, button(done, 'Get a fresh link'), {}, BOB);
    const fresh = await t.reply('Fresh link to the pre-research report');
    expect(h.sim.requests.slice(sent).map((r) => ({ operation: r.operation, method: r.method, query: r.query, body: r.body }))).toEqual([
      { operation: 'AI34-3', method: 'GET', query: { report_id: reportId }, body: undefined },
    ]);
    const second = linkIn(cardJson(fresh));
    expect(second).not.toBe(first);
    const download = await fetch(second);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(textOf(fresh)).toMatch(/works for 3 hours, until about .* · asked for by /);
    expect(textOf(fresh)).toContain(BOB.name);
    // nothing was generated again
    expect(bodiesOf(h, 'AI34-1')).toHaveLength(1);
    expect(bodiesOf(h, 'AI34-2')).toHaveLength(1);
  });
});
