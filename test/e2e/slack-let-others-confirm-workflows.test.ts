/**
 * Issue 16: `--let-others-confirm` in novelty, report, disclosure and design as in solution and material:
 * without it another user's click (or image upload) is refused and nothing reaches the platform; with it the
 * same action moves the workflow on.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { threadId } from '../../src/core/thread-id.js';
import type { OperationId } from '../../src/platform/operations.js';
import { extractTechMeans } from '../../src/platform/simulator/content/disclosure.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { PRODUCT_PNG, shareInThread } from './slack-design-steps.js';
import { bodiesOf, IDEA, NoveltyThread, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const OTHERS_NOTE = 'Anyone in the channel may confirm the steps.';
const REPORT_QUESTION = 'Solid-state electrolytes for fast-charging EV batteries';
const HELMET = 'A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer between two foam shells';

/** The id the workflow's later requests name (a poll's task_id, AI34-3's report_id), once sent. */
const laterId = (harness: SlackBotHarness, operation: OperationId, field: string): string =>
  String(
    harness.sim.requests
      .filter((r) => r.operation === operation)
      .map((r) => (r.method === 'GET' ? r.query : (r.body as Record<string, unknown>))[field])
      .at(-1),
  );

/** The body U2's click sends: what the starter would have sent (the platform's proposal, unedited). */
const EXPECTED: Record<string, (harness: SlackBotHarness) => unknown> = {
  // unedited, AI35-3 names only the task: the platform keeps its own summary
  novelty: (harness) => ({ task_id: laterId(harness, 'AI35-2', 'task_id') }),
  // the outline AI34-1 proposed, as it is: the platform's eight sections, named after the question
  report: (harness) => ({
    report_id: laterId(harness, 'AI34-3', 'report_id'),
    technical_issues: REPORT_QUESTION,
    analysis_directory: [
      ['TECH_RESEARCH_TECHNICAL_BACKGROUND', 'Technical background and goals'],
      ['TECH_RESEARCH_MARKET_ANALYSIS', 'Market analysis'],
      ['TECH_RESEARCH_TECHNOLOGY_STATUS_CHALLENGES', 'Technology status and challenges'],
      ['TECH_RESEARCH_EVOLUTION_PATH', 'Evolution path'],
      ['TECH_RESEARCH_HEAD_PLAYER_ANALYSIS', 'Leading players'],
      ['TECH_RESEARCH_TECHNICAL_SCHEME_REVIEW', 'Review of technical schemes'],
      ['TECH_RESEARCH_KEY_PATENT_INTERPRETATION', 'Key patents'],
      ['TECH_RESEARCH_IDEA_SUMMARY', 'Summary of ideas'],
    ].map(([key, name]) => ({ key, name: `${name}: Solid-state electrolytes for…`, source_type: 'model' })),
  }),
  // the key elements AI32-1 extracted, unedited, with the idea and the language
  disclosure: () => {
    const { unidentified: _none, ...extracted } = extractTechMeans(HELMET);
    return { ...extracted, tech_solution: HELMET, language: 'en' };
  },
};

async function opened(harness: SlackBotHarness, command: string): Promise<NoveltyThread> {
  const before = harness.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts).length;
  await harness.command(command);
  return NoveltyThread.opened(harness, before);
}

const parentText = (t: NoveltyThread) => textOf(t.h.slack.message('C1', t.parentTs)!);

/** U2's refusal note after `notes` ephemerals. */
const refusalTo = (harness: SlackBotHarness, notes: number, noun: string) =>
  waitFor(
    () =>
      harness.slack.ephemerals.slice(notes).find((e) => e.user === 'U2' && (e.text + JSON.stringify(e.blocks)).includes(`who started this ${noun}`)),
    `the refusal to U2 (${noun})`,
  );

describe.each([
  { verb: 'novelty', args: IDEA, step: 'Step 1 of 5', button: 'Confirm', next: 'AI35-3', noun: 'novelty search' },
  {
    verb: 'report',
    args: REPORT_QUESTION,
    step: 'Report outline',
    button: 'Generate',
    next: 'AI34-2',
    noun: 'pre-research report',
  },
  {
    verb: 'disclosure',
    args: HELMET,
    step: 'Key elements',
    button: 'Generate',
    next: 'AI32-2',
    noun: 'technical disclosure',
  },
] satisfies { verb: string; args: string; step: string; button: string; next: OperationId; noun: string }[])(
  '/iip $verb',
  ({ verb, args, step, button, next, noun }) => {
    test(`another user’s ${button} is refused without --let-others-confirm and nothing is sent; with it the same click is taken`, async () => {
      h = await startSlackBot();
      const plain = await opened(h, `${verb} ${args}`);
      const notes = h.slack.ephemerals.length;
      await plain.press(await plain.step(step), button, 'U2');
      const refusal = await refusalTo(h, notes, noun);
      expect(refusal.text + JSON.stringify(refusal.blocks)).toContain(`Only <@U1>, who started this ${noun}`);
      expect(bodiesOf(h, next)).toEqual([]);
      expect(parentText(plain)).not.toContain(OTHERS_NOTE);

      const open = await opened(h, `${verb} --let-others-confirm ${args}`);
      expect(parentText(open)).toContain(OTHERS_NOTE);
      await open.press(await open.step(step), button, 'U2');
      await waitFor(() => bodiesOf(h!, next).length === 1 || undefined, `${next} after U2’s click`);
      await open.reply('Confirmed by <@U2>');
      if (next === 'AI34-2') await waitFor(() => bodiesOf(h!, 'AI34-3').length > 0 || undefined, 'AI34-3 after AI34-2');
      expect(bodiesOf(h, next)).toEqual([EXPECTED[verb]!(h)]);
      expect(JSON.stringify(h.sim.requests.map((r) => r.body))).not.toContain('let-others'); // the option is never sent
    });
  },
);

describe('/iip design', () => {
  test('another user’s image is refused without --let-others-confirm; with it the upload starts the search', async () => {
    h = await startSlackBot({ env: { PUBLIC_URL: 'https://iip-bot.example.test' } });
    const share = async (t: NoveltyThread) => {
      await t.step('Upload the image');
      const file = h!.slack.files.share({ name: 'earbuds.png', mimetype: 'image/png', data: PRODUCT_PNG });
      await shareInThread(h!, h!.slack.message('C1', t.parentTs)!, { id: file.id, name: file.name, mimetype: file.mimetype, size: file.size }, 'U2');
      return file;
    };
    const plain = await opened(h, 'design wireless earbuds case --countries US');
    const notes = h.slack.ephemerals.length;
    const refusedFile = await share(plain);
    await refusalTo(h, notes, 'design search');
    expect(bodiesOf(h, 'AI39-1')).toEqual([]);
    expect(refusedFile.downloads).toBe(0);

    const open = await opened(h, 'design wireless earbuds case --let-others-confirm --countries US');
    expect(parentText(open)).toContain(OTHERS_NOTE);
    await share(open);
    const [sent] = await waitFor(() => bodiesOf(h!, 'AI39-1').length === 1 && bodiesOf(h!, 'AI39-1'), 'AI39-1 after U2’s upload');
    // the whole body: the private link the bot serves U2's image at (a random token), and the starter's options
    expect(sent).toEqual({
      url: expect.stringMatching(/^https:\/\/iip-bot\.example\.test\/uploads\?file=[\w-]{32}$/),
      country: ['US'],
      lang: 'en',
      main_field: 'wireless earbuds case',
    });
    await open.reply('Confirmed by <@U2>');
  });

  test('--let-others-confirm takes no value', async () => {
    h = await startSlackBot();
    await h.command('design https://images.example.com/a.png --let-others-confirm=yes');
    await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes('`--let-others-confirm` takes no value.')), 'the refusal');
    expect(h.sim.requests.filter((r) => r.operation !== 'unknown')).toEqual([]);
  });
});

test('`cancel` typed in the thread by another user is refused without --let-others-confirm and taken with it, as the Cancel button', async () => {
  h = await startSlackBot();
  const question = 'Solid-state electrolytes for fast-charging EV batteries';
  const cancelAsU2 = async (t: NoveltyThread, n: number) => {
    await t.step('Report outline');
    await h!.event(
      { type: 'app_mention', channel: 'C1', user: 'U2', text: '<@UBOT> cancel', ts: `1800000000.00030${n}`, thread_ts: t.parentTs },
      `EvCancelU2${n}`,
    );
  };
  const plain = await opened(h, `report ${question}`);
  const notes = h.slack.ephemerals.length;
  await cancelAsU2(plain, 1);
  await waitFor(
    () =>
      h!.slack.ephemerals.slice(notes).find((e) => e.user === 'U2' && e.text.includes('Only the person who started this workflow can cancel it.')),
    'the refusal',
  );
  expect((await h.bot.state.get(threadId('slack', 'T1', 'C1', plain.parentTs)))!.status).toBe('active');

  const open = await opened(h, `report --let-others-confirm ${question}`);
  await cancelAsU2(open, 2);
  await open.reply('Cancelled by <@U2>');
  expect((await h.bot.state.get(threadId('slack', 'T1', 'C1', open.parentTs)))!.status).toBe('cancelled');
});
