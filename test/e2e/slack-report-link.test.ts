/**
 * The pre-research report's link and outline options end to end through the real Slack app and the simulator:
 * the link stops working when its validity ends (the simulator expires AI34 links) and "Get a fresh link" asks
 * AI34-3 again for a new, working one; `--auto-outline` (or the contract's spelling, `--auto-directory`) sends
 * auto_directory true and skips the outline review; an unknown option is refused; the length counts code points.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { defaultDirectory } from '../../src/platform/simulator/content/report.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, eventually, NoveltyThread, textOf } from './slack-novelty-steps.js';

const QUESTION = 'Solid-state electrolytes for fast-charging electric vehicle batteries';
const HOURS_3 = 3 * 60 * 60_000;

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const linkIn = (text: string): string => /\]\((http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]+\.pdf)\)/.exec(text)![1]!;
const statusOf = async (url: string): Promise<number> => (await fetch(url)).status;

describe('/iip report links and outline', () => {
  test('an expired link gets 403; Get a fresh link asks AI34-3 again and posts a new link that works', async () => {
    h = await startSlackBot();
    h.sim.setReportLinkValidity(3_000);
    await h.command(`report ${QUESTION}`);
    const t = await NoveltyThread.opened(h, 0);
    await t.press(await t.step('Report outline'), 'Generate');
    const done = await t.reply('Pre-research report ready');
    const first = linkIn(textOf(done));
    expect(await statusOf(first)).toBe(200);
    expect(textOf(done)).toMatch(
      /works for 3 hours, until about [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC; after that, \*\*Get a fresh link\*\*/,
    );
    expect(buttonsOf(done).map((b) => b.label)).toEqual(['Get a fresh link']);

    await eventually(async () => (await statusOf(first)) === 403, 'the first link to expire', 10_000);
    h.sim.setReportLinkValidity(HOURS_3);
    const reportId = (bodiesOf(h, 'AI34-2')[0] as { report_id: string }).report_id;
    const queries = h.sim.requests.filter((r) => r.operation === 'AI34-3').length;
    await t.press(done, 'Get a fresh link', 'U2');
    const fresh = await t.reply('Fresh link to the pre-research report');
    const asked = h.sim.requests.filter((r) => r.operation === 'AI34-3').slice(queries);
    expect(asked).toEqual([expect.objectContaining({ method: 'GET', query: { report_id: reportId }, body: undefined })]);
    const second = linkIn(textOf(fresh));
    expect(second).not.toBe(first);
    const download = await fetch(second);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(textOf(fresh)).toContain('asked for by <@U2>');
    expect(textOf(fresh)).toMatch(/works for 3 hours, until about/);
    // nothing was generated again
    expect(bodiesOf(h, 'AI34-1')).toHaveLength(1);
    expect(bodiesOf(h, 'AI34-2')).toHaveLength(1);
  });

  test('--auto-outline: AI34-1 with auto_directory true, no outline review and no AI34-2; the report names the outline it used', async () => {
    h = await startSlackBot();
    await h.command(`report --auto-outline ${QUESTION}`);
    const t = await NoveltyThread.opened(h, 0);
    expect(textOf(h.slack.message('C1', t.parentTs)!)).toContain('The platform picks the outline and writes the report at once');
    const done = await t.reply('Pre-research report ready');
    const body = { technical_issues: QUESTION, auto_directory: true };
    expect(bodiesOf(h, 'AI34-1')).toEqual([body]);
    expect(requestErrors('AI34-1', body)).toEqual([]);
    expect(bodiesOf(h, 'AI34-2')).toEqual([]);
    expect(t.replies.some((m) => textOf(m).includes('Report outline'))).toBe(false);
    const shown = textOf(done);
    expect(shown).toContain('Outline the platform chose');
    defaultDirectory(QUESTION).forEach((section, i) => expect(shown).toContain(`${i + 1}. ${section.name.split(':')[0]}`));
    expect(await statusOf(linkIn(shown))).toBe(200);
    await eventually(async () => (await h!.bot.state.listOpenByUser('T1', 'U1')).length === 0, 'the report to be done');
  });

  test('--auto-outline=yes is refused; nothing is sent', async () => {
    h = await startSlackBot();
    await h.command(`report ${QUESTION} --auto-outline=yes`);
    await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes('`--auto-outline` takes no value.')), 'the refusal');
    expect(h.sim.requests).toEqual([]);
  });

  test('--auto-directory, the contract’s name for it, means the same: AI34-1 with auto_directory true and no AI34-2', async () => {
    h = await startSlackBot();
    await h.command(`report ${QUESTION} --auto-directory`);
    const t = await NoveltyThread.opened(h, 0);
    await t.reply('Pre-research report ready');
    expect(bodiesOf(h, 'AI34-1')).toEqual([{ technical_issues: QUESTION, auto_directory: true }]);
    expect(bodiesOf(h, 'AI34-2')).toEqual([]);
    await h.command(`report --auto-directory=yes ${QUESTION}`);
    await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes('`--auto-directory` takes no value.')), 'the refusal of a value');
    expect(bodiesOf(h, 'AI34-1')).toHaveLength(1);
  });

  test('an unknown --flag is refused with the usage line; nothing is sent and no thread opens', async () => {
    h = await startSlackBot();
    await h.command(`report --auto-directroy ${QUESTION}`);
    const refusal = await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes('Unknown option')), 'the refusal');
    // Slack's text escapes < and >
    expect(refusal.text).toBe(
      [
        'Unknown option `--auto-directroy`. Options: `--auto-outline` (also spelled `--auto-directory`) and `--let-others-confirm`. Nothing was sent.',
        'Usage: `/iip report &lt;technology question&gt; [--auto-outline] [--let-others-confirm]`, e.g. `/iip report Solid-state electrolytes for fast-charging EV batteries`.',
      ].join('\n'),
    );
    expect(h.sim.requests).toEqual([]);
    expect(h.slack.channelMessages('C1')).toEqual([]);
  });

  test('the 2,000-character limit counts characters as the platform does (an emoji is one): 2,000 are sent, 2,001 refused', async () => {
    h = await startSlackBot();
    const atLimit = `${'🔋'.repeat(1_995)} cell`; // 2,000 code points, 3,995 UTF-16 units
    await h.command(`report ${atLimit}`);
    await waitFor(() => bodiesOf(h!, 'AI34-1').length === 1, 'AI34-1');
    expect(bodiesOf(h, 'AI34-1')).toEqual([{ technical_issues: atLimit, auto_directory: false }]);

    await h.command(`report ${atLimit}s`);
    await waitFor(
      () => h!.slack.ephemerals.find((e) => e.text.includes('The technology question can be at most 2,000 characters; yours has 2,001.')),
      'the refusal',
    );
    expect(bodiesOf(h, 'AI34-1')).toHaveLength(1);
  });
});
