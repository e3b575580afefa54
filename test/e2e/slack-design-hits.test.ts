/**
 * The similar designs of a design search as an expert reads them, through the real Slack app and the simulator:
 * each with its thumbnail (AI39-2 `url_120` as an image block), assignee, filing and publication dates and the
 * `confusion` analysis; `--top` and Show more for more than three; country codes checked against the platform's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, NoveltyThread, textOf } from './slack-novelty-steps.js';
import { reportOf } from './slack-design-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const IMAGE = 'https://images.example.com/products/earbuds-case.png';
const imagesOf = (m: FakeSlackMessage) =>
  m.blocks.filter((b) => b.type === 'image').map((b) => ({ url: String(b.image_url), alt: String(b.alt_text) }));
const dashed = (yyyymmdd: number | null | undefined) => String(yyyymmdd).replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3');

async function designReport(command: string) {
  h = await startSlackBot();
  await h.command(command);
  const t = await NoveltyThread.opened(h, 0);
  const done = await t.reply('Design search report');
  const taskId = (bodiesOf(h, 'AI39-2')[0] as { task_id: string }).task_id;
  const result = await reportOf(h, taskId);
  const listed = new Map(result.patent_messages!.patent_messages.map((p) => [p.patent_pn, p]));
  const comparisons = [...result.report!.comparisons].sort((a, b) => b.score! - a.score!);
  const others = result.patent_messages!.patent_messages.filter((p) => !comparisons.some((c) => c.patent_pn === p.patent_pn));
  return { t, done, taskId, listed, comparisons, others: others.sort((a, b) => b.score! - a.score!) };
}

describe('design search hits', () => {
  test('the top three with thumbnail, assignee, dates and confusion; Show more posts the rest once', async () => {
    const { t, done, taskId, listed, comparisons, others } = await designReport(`design <${IMAGE}> wireless earbuds case --countries US,CN`);
    const top = comparisons.slice(0, 3);
    expect(imagesOf(done)).toEqual(top.map((c) => ({ url: listed.get(c.patent_pn)!.url_120!, alt: `Thumbnail of ${c.patent_pn}` })));
    const shown = textOf(done);
    for (const c of top) {
      const hit = listed.get(c.patent_pn)!;
      expect(shown).toContain(`Assignee: ${hit.current_assignee}`);
      expect(shown).toContain(`filed ${dashed(hit.apdt)} · published ${dashed(hit.pbdt)}`);
      expect(shown).toContain(`Could consumers confuse them:_ ${c.confusion}`);
    }
    const left = comparisons.length + others.length - 3;
    expect(buttonsOf(done).map((b) => b.label)).toEqual([`Show more (${left} left)`]);

    const notes = h!.slack.ephemerals.length;
    const sentBefore = h!.sim.requests.length;
    await t.press(done, `Show more (${left} left)`);
    const more = await t.reply('Similar designs 4–');
    // Show more reads the finished task's result again, by the task id the search recorded, and nothing else
    expect(h!.sim.requests.slice(sentBefore).map((r) => ({ operation: r.operation, body: r.body }))).toEqual([
      { operation: 'AI39-2', body: { task_id: taskId } },
    ]);
    expect(textOf(more)).toContain(`Similar designs 4–${3 + left} of the ${3 + left} closest`);
    // the fourth comparison with its analysis, then the hits the report did not analyse
    expect(textOf(more)).toContain(`**4. [${comparisons[3]!.patent_pn}]`);
    expect(textOf(more)).toContain(comparisons[3]!.confusion);
    for (const o of others) expect(textOf(more)).toContain(o.patent_pn);
    expect(textOf(more)).toContain('Not analysed in the risk report.');
    expect(imagesOf(more).map((i) => i.url)).toEqual([comparisons[3]!, ...others].map((c) => listed.get(c.patent_pn)!.url_120));
    expect(buttonsOf(more)).toEqual([]);

    // the same button again: nothing is posted twice, the platform is not asked again
    const reads = bodiesOf(h!, 'AI39-2').length;
    await t.press(done, `Show more (${left} left)`);
    expect(await t.note(notes)).toContain('Already shown');
    expect(t.replies.filter((m) => textOf(m).includes('Similar designs 4–'))).toHaveLength(1);
    expect(bodiesOf(h!, 'AI39-2')).toHaveLength(reads);
  });

  test('--top 5 shows five at once, with the rest behind Show more', async () => {
    const { done, comparisons, others } = await designReport(`design <${IMAGE}> earbuds --countries US,CN,JP --top 5`);
    expect(imagesOf(done)).toHaveLength(5);
    expect(textOf(done)).toContain(`**Top 5 similar designs** (${comparisons.length} analysed)`);
    expect(textOf(done)).toContain('**5. [');
    expect(buttonsOf(done).map((b) => b.label)).toEqual([`Show more (${comparisons.length + others.length - 5} left)`]);
  });

  test.each([
    ['--countries US,XX', 'The platform searches design registers in US, CN, JP, KR, AU, EU only; `XX` is not among them.'],
    ['--countries de,fr', '`DE,FR` are not among them'],
    ['--top 0', '`--top` takes how many similar designs to show first, 1 to 10.'],
    ['--top 11', '1 to 10'],
  ])('%s is refused with what is allowed; nothing is sent', async (flags, problem) => {
    h = await startSlackBot();
    await h.command(`design <${IMAGE}> ${flags}`);
    await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes(problem)), problem);
    expect(h.sim.requests.filter((r) => r.operation !== 'unknown')).toEqual([]);
    expect(h.slack.channelMessages('C1')).toEqual([]);
  });

  test('every supported country code is sent as given', async () => {
    h = await startSlackBot();
    await h.command(`design <${IMAGE}> --countries us,cn,jp,kr,au,eu`);
    await NoveltyThread.opened(h, 0).then((t) => t.reply('Design search report'));
    const body = { url: IMAGE, country: ['US', 'CN', 'JP', 'KR', 'AU', 'EU'], lang: 'en' };
    expect(bodiesOf(h, 'AI39-1')).toEqual([body]);
    expect(requestErrors('AI39-1', body)).toEqual([]);
  });
});
