/**
 * The pre-research report's link and outline options end to end through the real Slack app and the simulator:
 * the link stops working when its validity ends (the simulator expires AI34 links) and "Get a fresh link" asks
 * AI34-3 again for a new, working one; `--auto-outline` sends auto_directory true and skips the outline review.
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
});
