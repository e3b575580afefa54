/**
 * The encyclopedia's search options (AI68-1 data_source, deep_search, long_think, search_website) end to end
 * through the real Slack app and the simulator: given as command flags, changed in the thread with the source
 * menu and the on/off buttons under the answer, carried by the follow-up's AI68-1 body; bad flags refused.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, NoveltyThread, selectOptions, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUESTION = 'Which KRAS G12C inhibitors are approved?';
const isAnswer = (m: FakeSlackMessage): boolean => m.blocks.some((b) => b.type === 'context' && JSON.stringify(b).includes('tokens'));

async function answers(t: NoveltyThread, count: number): Promise<FakeSlackMessage[]> {
  return waitFor(() => t.replies.filter(isAnswer).length >= count && t.replies.filter(isAnswer), `answer ${count}`);
}

function followUp(harness: SlackBotHarness, t: NoveltyThread, text: string) {
  return harness.event(
    { type: 'message', channel: 'C1', user: 'U1', text, ts: '1800000000.000300', thread_ts: t.parentTs, channel_type: 'channel' },
    'EvEncFollow1',
  );
}

describe('/iip encyclopedia options', () => {
  test('flags set AI68-1’s fields; the menu and buttons under the answer change them for the follow-up', async () => {
    h = await startSlackBot();
    await h.command(`encyclopedia --source patents --deep --web ${QUESTION}`);
    const t = await NoveltyThread.opened(h, 0);
    const [first] = await answers(t, 1);
    const sent = { query: QUESTION, data_source: 3, deep_search: true, long_think: false, search_website: true };
    expect(bodiesOf(h, 'AI68-1')).toEqual([sent]);
    expect(requestErrors('AI68-1', sent)).toEqual([]);
    expect(textOf(first!)).toContain('Bio-pharma encyclopedia · Patents · deep search · web search');
    // the platform searched patents only: every source it cites is one
    const kinds = [...textOf(first!).matchAll(/\d+\. <[^>]+> — ([a-z-]+)/g)].map((m) => m[1]);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['patent']));

    const menu = selectOptions(first!)!;
    expect(menu.options.map((o) => o.label)).toEqual([
      'All sources',
      'Papers',
      'Patents',
      'Clinical trials',
      'FDA labels',
      'Financial reports',
      'Clinical guidelines',
      'Epidemiology',
    ]);
    expect(buttonsOf(first!).map((b) => b.label)).toEqual(['Turn off deep search', 'Turn on long thinking', 'Turn off web search']);

    await t.choose(first!, 'Clinical trials');
    const changed = await t.reply('changed the search');
    expect(textOf(changed)).toContain('use **Clinical trials · deep search · web search**');
    await t.press(changed, 'Turn on long thinking');
    const second = await waitFor(
      () => t.replies.find((m) => textOf(m).includes('Clinical trials · deep search · long thinking · web search')),
      'the second change',
    );
    expect(buttonsOf(second).map((b) => b.label)).toContain('Turn off long thinking');
    // an old message's button says the state it sets: pressing it again changes nothing
    const notes = h.slack.ephemerals.length;
    await t.press(changed, 'Turn on long thinking');
    expect(await t.note(notes)).toContain('Already set');
    expect(t.replies.filter((m) => textOf(m).includes('changed the search'))).toHaveLength(2);

    await followUp(h, t, 'And their PK data?');
    await answers(t, 2);
    const [, again] = bodiesOf(h, 'AI68-1');
    const next = {
      query: `Previous question: ${QUESTION}\nFollow-up question: And their PK data?`,
      data_source: 4,
      deep_search: true,
      long_think: true,
      search_website: true,
    };
    expect(again).toEqual(next);
    expect(requestErrors('AI68-1', next)).toEqual([]);
  });

  test('without flags the defaults go: all sources, everything off', async () => {
    h = await startSlackBot();
    await h.command(`bio ${QUESTION}`);
    const t = await NoveltyThread.opened(h, 0);
    const [first] = await answers(t, 1);
    expect(bodiesOf(h, 'AI68-1')).toEqual([{ query: QUESTION, data_source: 1, deep_search: false, long_think: false, search_website: false }]);
    expect(buttonsOf(first!).map((b) => b.label)).toEqual(['Turn on deep search', 'Turn on long thinking', 'Turn on web search']);
  });

  test.each([
    [
      '--source blogs What?',
      '`--source` takes one of `all`, `papers`, `patents`, `clinical-trials`, `fda-labels`, `financial-reports`, `clinical-guidelines`, `epidemiology`; `blogs` is not one of them.',
    ],
    ['--source', '`--source` takes one of `all`'],
    ['--colour red What?', 'Unknown option `--colour`. Options: `--source all|papers|patents|'],
    ['--deep=yes What?', '`--deep` takes no value'],
    ['--deep', 'Usage: `/iip encyclopedia [options] <question>`'],
  ])('bad flags (%s) are refused with the allowed values; nothing is sent', async (args, problem) => {
    h = await startSlackBot();
    await h.command(`encyclopedia ${args}`);
    await waitFor(() => h!.slack.ephemerals.find((e) => (e.text + JSON.stringify(e.blocks)).includes(problem)), problem);
    expect(h.sim.requests).toEqual([]);
    expect(h.slack.channelMessages('C1')).toEqual([]);
  });

  test('another spelling of a source (`--source=clinical_trials`) and `--long-think`', async () => {
    h = await startSlackBot();
    await h.command(`encyclopedia --source=clinical_trials --long-think ${QUESTION}`);
    const t = await NoveltyThread.opened(h, 0);
    await answers(t, 1);
    expect(bodiesOf(h, 'AI68-1')).toEqual([{ query: QUESTION, data_source: 4, deep_search: false, long_think: true, search_website: false }]);
  });
});
