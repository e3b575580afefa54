/**
 * The one-shot verbs and the thread words in each of Teams' places (a channel's reply chain, a group chat, the
 * 1:1 chat), end to end through botbuilder's CloudAdapter, the router, the handlers, the platform client and the
 * simulator, one bot for the file: encyclopedia, count, novelty quick, help, status and cancel in a waiting
 * workflow, home, and key and usage for the admin TEAMS_ADMIN_IDS names (anyone else refused).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { PLACES, PlaceThread } from '../helpers/teams-places.js';
import { bodiesOf, inputsOf, textOf } from '../helpers/teams-workflow-steps.js';

const ADMIN = { id: '29:1user-ada', name: 'Ada Admin', aadObjectId: '00000000-0000-0000-0000-0000000000ad' };
const IDEA = 'A self-heating lunch box with a phase-change layer that keeps food warm for four hours.';

let h: TeamsBotHarness;
beforeAll(async () => {
  h = await startTeamsBot({ env: { IIP_SECRET: 'a-test-secret-of-32-characters!!' }, adapter: { adminIds: [ADMIN.aadObjectId] } });
});
afterAll(async () => {
  await h.close();
});

describe.each(PLACES)('Teams verbs in %s', (place, where) => {
  test(`encyclopedia answers with numbered citations in ${where}`, async () => {
    const question = `What is the PK/PD data of RMC-6236 (${place})?`;
    const t = await PlaceThread.opened(h, place, `encyclopedia ${question}`);
    const answer = await waitFor(
      () => t.messages.find((m) => cardJson(m).includes('Bio-pharma encyclopedia') && /\]\(https?:\/\/[^)\s]+\)/.test(cardJson(m))),
      'the encyclopedia answer with its links',
    );
    expect(bodiesOf(h, 'AI68-1').at(-1)).toEqual(expect.objectContaining({ query: question }));
    expect(cardJson(answer)).toMatch(/\[1\]|1\.\s/);
  });

  test(`count reaches the asker in ${where}, sending exactly the query`, async () => {
    const query = `solar cell perovskite ${place}`;
    const t = await PlaceThread.opened(h, place, `count ${query}`);
    const note = await t.note('patents match');
    expect(bodiesOf(h, 'P001').at(-1)).toEqual({ query_text: query });
    expect(textOf(note)).toMatch(/[\d,]+/);
  });

  test(`novelty quick posts the report link in ${where}`, async () => {
    const t = await PlaceThread.opened(h, place, `novelty quick ${IDEA}`);
    const done = await t.reply('Novelty report ready', 15_000);
    expect(bodiesOf(h, 'NOVELTY-REPORT').at(-1)).toEqual({ input: IDEA, lang: 'en' });
    expect(cardJson(done)).toMatch(/\[download the report\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(t.messages.flatMap(buttonsOf)).toEqual([]);
  });

  test(`help lists the verbs as they are written in Teams, in ${where}`, async () => {
    const t = await PlaceThread.opened(h, place, 'help');
    const help = await t.note('patent and bio-pharma intelligence');
    for (const verb of ['ask', 'novelty', 'count', 'design', 'report', 'disclosure', 'solution', 'material', 'key', 'status', 'help']) {
      expect(textOf(help)).toContain(`@iip ${verb}`);
    }
  });

  test(`status tells where a waiting workflow stands and cancel ends it, in ${where}`, async () => {
    const question = `Sodium-ion batteries for grid storage (${place})`;
    const t = await PlaceThread.opened(h, place, `report ${question}`);
    const outline = await t.step('Report outline');
    await t.say('status');
    await t.note('*pre-research report*: at the outline review, active');
    await t.say('cancel');
    await waitFor(() => textOf(t.current(outline)).includes('Cancelled') && buttonsOf(t.current(outline)).length === 0, 'the outline cancelled');
    const reportCalls = bodiesOf(h, 'AI34-2') as { technical_issues: string }[];
    expect(reportCalls.filter((b) => b.technical_issues === question)).toEqual([]);
    expect(bodiesOf(h, 'AI07').filter((b) => JSON.stringify(b).includes('cancel'))).toEqual([]);
  });

  test(`key: the listed admin saves a key, anyone else is refused, in ${where}`, async () => {
    const refused = await PlaceThread.opened(h, place, 'key');
    const refusal = await refused.note('Only a workspace admin can change the platform API key.');
    expect(inputsOf(refusal)).toEqual([]);
    const t = await PlaceThread.opened(h, place, 'key', ADMIN);
    const form = await waitFor(
      () => h.fake.allMessages().find((m) => Number(m.id) > Number(refusal.id) && inputsOf(m).some((i) => i.type === 'Input.Text')),
      'the key form for the admin',
    );
    const key = `sk-teams-admin-key-${place}`;
    await t.submit(form, { key }, ADMIN);
    await t.note('Saved. Every call from this workspace now uses');
    expect(JSON.stringify(h.fake.allMessages())).not.toContain(key);
    const status = await PlaceThread.opened(h, place, 'key status');
    await status.note('This workspace uses its own key');
  });

  test(`home lists the user's open workflow and how to start others, in ${where}`, async () => {
    const question = `Perovskite tandem cells for rooftops (${place})`;
    const waiting = await PlaceThread.opened(h, place, `report ${question}`);
    const outline = await waiting.step('Report outline');
    const t = await PlaceThread.opened(h, place, 'home');
    const home = await t.note('Start a workflow:');
    expect(textOf(home)).toContain('*Open*');
    expect(textOf(home)).toContain('`@iip report`');
    await waiting.press(outline, 'Cancel');
    await waitFor(() => buttonsOf(waiting.current(outline)).length === 0, 'the outline cancelled');
  });

  test(`usage shows the admin this workspace's commands; anyone else is refused, in ${where}`, async () => {
    const refused = await PlaceThread.opened(h, place, 'usage');
    await refused.note('Only a workspace admin can see its usage.');
    const t = await PlaceThread.opened(h, place, 'usage', ADMIN);
    const usage = await t.note('Usage of this workspace');
    expect(textOf(usage)).toContain('Commands by verb');
    expect(textOf(usage)).toContain('encyclopedia');
  });
});
