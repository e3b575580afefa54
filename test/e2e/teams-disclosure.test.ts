/**
 * `disclosure` in a Teams channel, end to end through botbuilder's CloudAdapter, the workflow machinery and
 * the simulator: the key elements card with an Edit button per element, each Edit posting its form as an inline
 * card; the edits go into AI32-2; the text relayed from AI32-4 into the reply chain whole; the download link;
 * a double click on Generate starts one job; an idea over 5,000 words is refused and nothing is sent.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { extractTechMeans } from '../../src/platform/simulator/content/disclosure.js';
import { buttonsOf, cardJson, startTeamsBot, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { bodiesOf, inputsOf, TeamsThread, textOf } from '../helpers/teams-workflow-steps.js';

const IDEA =
  'A bicycle helmet whose shell stiffens on impact. A layer of shear-thickening fluid sits between two polymer shells. Sensors record the impact and a phone app reports it.';

let h: TeamsBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const jobIdOf = (harness: TeamsBotHarness): string => (bodiesOf(harness, 'AI32-3')[0] as { job_id: string }).job_id;

describe('disclosure in a Teams channel', () => {
  test('edits of two elements through inline forms go into AI32-2; the text streams into the chain whole, then the link', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `disclosure ${IDEA} --lang en`);
    const review = await t.step('Key elements');
    expect(bodiesOf(h, 'AI32-1')).toEqual([{ tech_solution: IDEA }]);
    const means = extractTechMeans(IDEA);
    expect(buttonsOf(review).map((b) => b.title)).toEqual([
      'Generate',
      'Edit background',
      'Edit problem',
      'Edit mechanism',
      'Edit outcome',
      'Edit embodiment',
      'Edit applications',
      'Cancel',
    ]);

    await t.press(review, 'Edit mechanism');
    const mechanism = await t.form(review);
    expect(inputsOf(mechanism).map((i) => [i.id, i.value])).toEqual([['value', means.mechanism]]);
    await t.submit(mechanism, { value: 'The fluid layer turns rigid within 2 ms of an impact.' });
    const edited = await waitFor(
      () => t.replies.find((m) => m.id === review.id && textOf(m).includes('turns rigid') && buttonsOf(m).length > 0),
      'the edited mechanism',
    );
    await t.press(edited, 'Edit applications');
    const applications = await t.form(mechanism);
    await t.submit(applications, { value: 'Cycling helmets\n\n Ski helmets ' });
    const twice = await waitFor(
      () => t.replies.find((m) => m.id === review.id && textOf(m).includes('Ski helmets') && buttonsOf(m).length > 0),
      'the edited applications',
    );
    expect(bodiesOf(h, 'AI32-2')).toEqual([]);
    await t.press(twice, 'Generate');

    const done = await t.reply('Technical disclosure ready', 15_000);
    const { unidentified: _none, ...extracted } = means;
    expect(bodiesOf(h, 'AI32-2')).toEqual([
      {
        ...extracted,
        tech_solution: IDEA,
        language: 'en',
        mechanism: 'The fluid layer turns rigid within 2 ms of an impact.',
        application: ['Cycling helmets', 'Ski helmets'],
      },
    ]);
    const jobId = jobIdOf(h);
    expect(bodiesOf(h, 'AI32-4')).toEqual([{ job_id: jobId }]);
    for (const request of h.sim.requests) {
      const { operation } = request;
      if (operation === 'AI32-1' || operation === 'AI32-2' || operation === 'AI32-3') expect(requestErrors(operation, request.body)).toEqual([]);
    }
    // the relayed text: the cards between the heading and the link, read as the user sees them
    const heading = t.replies.findIndex((m) => textOf(m).startsWith('✍️'));
    const relayed = t.replies.slice(
      heading + 1,
      t.replies.findIndex((m) => m.id === done.id),
    );
    expect(relayed.length).toBeGreaterThan(0);
    // the whole text, word for word (Teams shows markdown marks as card formatting, so only the words are compared)
    const words = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    expect(words(relayed.map(textOf).join('\n'))).toEqual(words(h.sim.expectedStreamText('AI32-4', { job_id: jobId })));
    expect(cardJson(done)).toMatch(/\[download the document\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    const settled = t.current(review);
    expect(textOf(settled)).toContain('Confirmed by');
    expect(buttonsOf(settled)).toEqual([]);
  });

  test('a double click on Generate starts one job', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `disclosure ${IDEA}`);
    const review = await t.step('Key elements');
    await t.doubleClick(review, 'Generate');
    await t.reply('Technical disclosure ready', 15_000);
    await t.note('Already done');
    expect(bodiesOf(h, 'AI32-2')).toHaveLength(1);
    expect(bodiesOf(h, 'AI32-4')).toHaveLength(1);
  });

  test('an idea over 5,000 words is refused with the limit; nothing is sent', async () => {
    h = await startTeamsBot();
    const t = await TeamsThread.opened(h, `disclosure ${'helmet '.repeat(5_001)}`);
    const note = await t.note('5,000 words');
    expect(textOf(note)).toContain('Nothing was sent');
    expect(h.sim.requests).toEqual([]);
  });
});
