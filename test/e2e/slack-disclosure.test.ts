/**
 * `/iip disclosure` end to end through the real Slack app, the workflow machinery and the simulator: AI32-1's key
 * elements with an Edit form per element, Generate (AI32-2), the text relayed from AI32-4 as it is written,
 * AI32-3 until the document is exported, the download link; a double click, a restart during the wait, a
 * refused request with Retry, and the word limit.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { OPERATIONS } from '../../src/platform/operations.js';
import { extractTechMeans } from '../../src/platform/simulator/content/disclosure.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, formValues, NoveltyThread, textOf } from './slack-novelty-steps.js';

const IDEA =
  'A bicycle helmet whose shell stiffens on impact. A layer of shear-thickening fluid sits between two polymer shells. Sensors record the impact and a phone app reports it.';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function started(command = `disclosure ${IDEA} --lang en`): Promise<NoveltyThread> {
  h = await startSlackBot();
  await h.command(command);
  return NoveltyThread.opened(h, 0);
}

const markdownOf = (m: FakeSlackMessage): string =>
  m.blocks
    .filter((b) => b.type === 'markdown')
    .map((b) => String(b.text))
    .join('');
const jobIdOf = (harness: SlackBotHarness): string => String((bodiesOf(harness, 'AI32-3')[0] as { job_id: string }).job_id);

/** The messages the relay posted: after the heading the progress message became, before the link. */
function relayed(t: NoveltyThread, done: FakeSlackMessage): FakeSlackMessage[] {
  const heading = t.replies.find((m) => markdownOf(m).startsWith('✍️'));
  if (!heading) throw new Error('no heading above the relayed text');
  return t.replies.filter((m) => Number(m.ts) > Number(heading.ts) && Number(m.ts) < Number(done.ts));
}

function expectValidRequests(harness: SlackBotHarness): void {
  for (const request of harness.sim.requests) {
    if (request.operation === 'AI32-1' || request.operation === 'AI32-2' || request.operation === 'AI32-3')
      expect(requestErrors(request.operation, request.body)).toEqual([]);
    if (request.operation === 'AI32-4') expect(OPERATIONS['AI32-4'].request.safeParse(request.body).success).toBe(true);
  }
}

describe('/iip disclosure', () => {
  test('edits of two elements go into AI32-2; the text streams into the thread whole, then the download link', async () => {
    const t = await started();
    const review = await t.step('Key elements');
    expect(bodiesOf(h!, 'AI32-1')).toEqual([{ tech_solution: IDEA }]);
    const means = extractTechMeans(IDEA);
    for (const label of ['Background', 'Problem', 'Mechanism', 'Outcome', 'Embodiment', 'Applications'])
      expect(textOf(review)).toContain(`**${label}**`);
    expect(buttonsOf(review).map((b) => b.label)).toEqual([
      'Generate',
      'Edit background',
      'Edit problem',
      'Edit mechanism',
      'Edit outcome',
      'Edit embodiment',
      'Edit applications',
      'Cancel',
    ]);

    const mechanism = await t.openForm(review, 'Edit mechanism');
    expect(formValues(mechanism.view).value).toBe(means.mechanism);
    await h!.submitForm(mechanism.view, { value: 'The fluid layer turns rigid within 2 ms of an impact.' });
    const edited = await waitFor(
      () => t.replies.find((m) => m.ts === review.ts && textOf(m).includes('turns rigid') && buttonsOf(m).length > 0),
      'the edited mechanism',
    );
    const applications = await t.openForm(edited, 'Edit applications');
    await h!.submitForm(applications.view, { value: 'Cycling helmets\n\n Ski helmets ' });
    const twice = await waitFor(
      () => t.replies.find((m) => m.ts === review.ts && textOf(m).includes('Ski helmets') && buttonsOf(m).length > 0),
      'the edited applications',
    );
    expect(bodiesOf(h!, 'AI32-2')).toEqual([]);
    await t.press(twice, 'Generate');

    const done = await t.reply('Technical disclosure ready');
    const { unidentified: _none, ...extracted } = means;
    expect(bodiesOf(h!, 'AI32-2')).toEqual([
      {
        ...extracted,
        tech_solution: IDEA,
        language: 'en',
        mechanism: 'The fluid layer turns rigid within 2 ms of an impact.',
        application: ['Cycling helmets', 'Ski helmets'],
      },
    ]);
    const jobId = jobIdOf(h!);
    expect(bodiesOf(h!, 'AI32-4')).toEqual([{ job_id: jobId }]);
    for (const body of bodiesOf(h!, 'AI32-3')) expect(body).toEqual({ job_id: jobId });
    expectValidRequests(h!);

    const text = relayed(t, done);
    expect(text.length).toBeGreaterThan(0);
    expect(text.map(markdownOf).join('')).toBe(h!.sim.expectedStreamText('AI32-4', { job_id: jobId }));
    expect(textOf(done)).toMatch(/\[download the document\]\(http:\/\/127\.0\.0\.1:\d+\/files\//);
    const settled = t.replies.find((m) => m.ts === review.ts)!;
    expect(textOf(settled)).toContain('Confirmed by <@U1>');
    expect(buttonsOf(settled)).toEqual([]);
    await eventually(async () => (await h!.bot.state.listOpenByUser('T1', 'U1')).length === 0, 'the disclosure to be done');
  });

  test('a double click on Generate starts one job', async () => {
    const t = await started();
    const review = await t.step('Key elements');
    const generate = t.button(review, 'Generate');
    const notes = h!.slack.ephemerals.length;
    await Promise.all([t.pressControl(review, generate), t.pressControl(review, generate)]);
    await t.reply('Technical disclosure ready');
    await waitFor(() => h!.slack.ephemerals.length > notes, 'the note to the second click');
    expect(h!.slack.ephemerals.slice(notes).map((e) => e.text)).toEqual([expect.stringContaining('Already done')]);
    expect(bodiesOf(h!, 'AI32-2')).toHaveLength(1);
    expect(bodiesOf(h!, 'AI32-4')).toHaveLength(1);
  });

  test('a restart while the document is exported resumes AI32-3 without streaming the text again, and completes', async () => {
    const t = await started();
    const review = await t.step('Key elements');
    h!.sim.setTaskDuration(60_000);
    await t.press(review, 'Generate');
    await waitFor(() => bodiesOf(h!, 'AI32-3').length > 0, 'polling after the text');
    const progress = await waitFor(() => {
      const heading = t.replies.find((m) => markdownOf(m).startsWith('✍️'));
      return (
        heading &&
        t.replies.find((m) => Number(m.ts) > Number(heading.ts) && textOf(m).includes('Preparing the disclosure document') && buttonsOf(m).length > 0)
      );
    }, 'the progress below the text');
    expect(buttonsOf(progress).map((b) => b.label)).toEqual(['Cancel']);
    expect((await h!.bot.state.listWaiting())[0]?.wait).toMatchObject({ operation: 'AI32-3', step: 'writing' });
    await h!.restart();
    const polled = bodiesOf(h!, 'AI32-3').length;
    await waitFor(() => bodiesOf(h!, 'AI32-3').length > polled, 'a poll by the restarted bot');
    h!.sim.setTaskDuration(0);
    const done = await t.reply('Technical disclosure ready');
    expect(done.ts).toBe(progress.ts);
    expect(bodiesOf(h!, 'AI32-2')).toHaveLength(1);
    expect(bodiesOf(h!, 'AI32-4')).toHaveLength(1);
    expect(relayed(t, done).map(markdownOf).join('')).toBe(h!.sim.expectedStreamText('AI32-4', { job_id: jobIdOf(h!) }));
  });

  test('a refused AI32-2 shows Retry; Retry sends the same elements and the disclosure completes', async () => {
    const t = await started();
    h!.sim.inject({ kind: 'envelope-error', errorCode: 68300008, operation: 'AI32-2', times: 1 });
    await t.press(await t.step('Key elements'), 'Generate');
    const failure = await t.step('Starting the disclosure draft failed');
    expect(buttonsOf(failure).map((b) => b.label)).toEqual(['Retry', 'Cancel']);
    await t.press(failure, 'Retry');
    await t.reply('Technical disclosure ready');
    const [first, again] = bodiesOf(h!, 'AI32-2');
    expect(again).toEqual(first);
    expect(bodiesOf(h!, 'AI32-4')).toHaveLength(1);
    expectValidRequests(h!);
  });

  test('an idea over 5,000 words (a Chinese character is a word) is refused with the limit, an empty one gets the usage, a bad language is named; nothing is called', async () => {
    h = await startSlackBot();
    await h.command(`disclosure ${'word '.repeat(5_001)}`);
    await waitFor(() => h!.slack.ephemerals.length > 0, 'the limit note');
    expect(h.slack.ephemerals[0]!.text).toContain('at most 5,000 words');
    expect(h.slack.ephemerals[0]!.text).toContain('yours has 5,001');
    await h.command(`disclosure ${'字'.repeat(5_001)}`);
    await waitFor(() => h!.slack.ephemerals.length > 1, 'the limit note for Chinese');
    expect(h.slack.ephemerals[1]!.text).toContain('yours has 5,001');
    await h.command('disclosure');
    await waitFor(() => h!.slack.ephemerals.length > 2, 'the usage note');
    expect(h.slack.ephemerals[2]!.text).toContain('Usage: `/iip disclosure');
    await h.command(`disclosure ${IDEA} --lang xx`);
    await waitFor(() => h!.slack.ephemerals.length > 3, 'the language note');
    expect(h.slack.ephemerals[3]!.text).toContain('`--lang` must be `en` or `cn`');
    expect(h.sim.requests).toEqual([]);
  });
});
