/**
 * `/iip design` through the real Slack app, the workflow machinery and the simulator: a link submitted with the
 * exact AI39-1 body, the line drawing uploaded as an image (files.uploadV2), the comparisons rendered; an
 * image uploaded to the thread served once at an unguessable URL until the task has it; refusals.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { threadId } from '../../src/core/thread-id.js';
import { requestErrors } from '../helpers/openapi-validator.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf, buttonsOf, NoveltyThread, textOf } from './slack-novelty-steps.js';
import { PRODUCT_PNG, reportOf, shareInThread, submitted } from './slack-design-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const PUBLIC_URL = 'https://iip-bot.example.test';
const IMAGE = 'https://images.example.com/products/earbuds-case.png';

describe('/iip design', () => {
  test('a link: the exact AI39-1 body, the line drawing posted as an image, the top comparisons and high-risk countries', async () => {
    h = await startSlackBot();
    await h.command(`design <${IMAGE}> wireless earbuds case --countries us,eu,cn --loc 14-03 --from 20200101`);
    const t = await NoveltyThread.opened(h, 0);
    const done = await t.reply('Design search report');
    const body = {
      url: IMAGE,
      country: ['US', 'EU', 'CN'],
      lang: 'en',
      loc_items: ['14-03'],
      main_field: 'wireless earbuds case',
      apply_start_time: '20200101',
    };
    expect(submitted(h)).toEqual([body]);
    expect(requestErrors('AI39-1', body)).toEqual([]);

    const taskId = (bodiesOf(h, 'AI39-2')[0] as { task_id: string }).task_id;
    const result = await reportOf(h, taskId);
    const [upload] = h.slack.files.uploads();
    expect(upload).toMatchObject({ channel: 'C1', threadTs: t.parentTs, title: 'Line drawing of your design', mimetype: 'image/png' });
    expect(upload!.data.equals(Buffer.from(result.line_drawing_base64!.split(',')[1]!, 'base64'))).toBe(true);
    expect(h.slack.callsTo('files.getUploadURLExternal')).toHaveLength(1);
    expect(h.slack.callsTo('files.completeUploadExternal')[0]!.args).toMatchObject({ channel_id: 'C1', thread_ts: t.parentTs });

    const shown = textOf(done);
    const report = result.report!;
    expect(shown).toContain(`High risk** (highly similar designs registered): ${report.high_risk_country!.join(', ')}`);
    const top = [...report.comparisons].sort((a, b) => b.score! - a.score!).slice(0, 3);
    for (const c of top) {
      expect(shown).toContain(c.patent_pn);
      expect(shown).toContain(`${Math.round(c.score! * 100)}% similar`);
      expect(shown).toContain(`${c.risk_level} risk`);
    }
    expect(shown).toContain('Similarities:');
    expect(shown).toContain('Differences:');
    expect(shown).toContain('Suggestion:');
    expect(shown).toContain('line drawing is posted in this thread');
    expect(buttonsOf(done).map((b) => b.label)).toEqual([expect.stringMatching(/^Show more \(\d+ left\)$/)]);
    expect(shown).not.toContain(report.comparisons.sort((a, b) => a.score! - b.score!)[0]!.patent_pn);
  });

  test.each([
    ['http://images.example.com/a.png', 'must start with `https://`'],
    [`${IMAGE} --countries USA`, '`--countries` takes two-letter codes'],
    [`${IMAGE} --loc 1403`, '`--loc` takes up to 10 Locarno classes'],
    [`${IMAGE} --from 2020-01-01`, '`--from` must be an application date'],
    [
      `${IMAGE} --colour red`,
      'Unknown option `--colour`. Options: `--countries`, `--loc`, `--from`, `--lang`, `--top`, `--let-others-confirm`. Nothing was sent',
    ],
    ['wireless earbuds case', 'cannot pass uploaded images on to the platform (its `PUBLIC_URL` is not set)'],
  ])('bad input (%s) is refused with the reason; nothing is called', async (args, problem) => {
    h = await startSlackBot();
    await h.command(`design ${args}`);
    await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes(problem)), problem);
    expect(h.sim.requests.filter((r) => r.operation !== 'unknown')).toEqual([]);
    expect(h.slack.channelMessages('C1')).toEqual([]);
  });

  test('an image uploaded to the thread is served at an unguessable URL until the task has it, then 404', async () => {
    h = await startSlackBot({ env: { PUBLIC_URL } });
    await h.command('design wireless earbuds case --countries US');
    const t = await NoveltyThread.opened(h, 0);
    const ask = await t.step('Upload the image');
    expect(buttonsOf(ask).map((b) => b.label)).toEqual(['Cancel']);
    expect(submitted(h)).toEqual([]);

    h.sim.setTaskDuration(60_000);
    const file = h.slack.files.share({ name: 'earbuds.png', mimetype: 'image/png', data: PRODUCT_PNG });
    await shareInThread(h, t.h.slack.message('C1', t.parentTs)!, { id: file.id, name: file.name, mimetype: file.mimetype, size: file.size });
    const [sent] = await waitFor(() => submitted(h!).length === 1 && submitted(h!), 'AI39-1');
    expect(sent).toEqual({
      url: expect.stringMatching(/^https:\/\/iip-bot\.example\.test\/uploads\?file=[\w-]{32}$/),
      country: ['US'],
      lang: 'en',
      main_field: 'wireless earbuds case',
    });
    expect(h.slack.callsTo('files.info')[0]!.authorized).toBe(true);
    expect(file.downloads).toBe(1);

    const local = (url: string) => `${h!.bot.httpUrl}${new URL(url).pathname}${new URL(url).search}`;
    const fetched = await fetch(local(sent!.url));
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PRODUCT_PNG)).toBe(true);
    const guessed = await fetch(local(sent!.url.replace(/file=.{6}/, 'file=AAAAAA')));
    expect(guessed.status).toBe(404);

    h.sim.setTaskDuration(0);
    await t.reply('Design search report');
    expect((await fetch(local(sent!.url))).status).toBe(404);
    expect(textOf(await t.reply('Upload the image'))).toContain('Confirmed by <@U1>');
  });

  test('a non-image and an oversize image are refused with a clear message; nothing is sent, the thread still waits', async () => {
    h = await startSlackBot({ env: { PUBLIC_URL } });
    await h.command('design');
    const t = await NoveltyThread.opened(h, 0);
    await t.step('Upload the image');
    const parent = h.slack.message('C1', t.parentTs)!;

    const text = h.slack.files.share({ name: 'notes.txt', mimetype: 'text/plain', data: Buffer.from('not an image') });
    await shareInThread(h, parent, { id: text.id, name: text.name, mimetype: text.mimetype, size: text.size });
    await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes('notes.txt is not an image the platform reads')), 'the non-image refusal');

    const big = h.slack.files.share({ name: 'huge.png', mimetype: 'image/png', data: PRODUCT_PNG, size: 11 * 1024 * 1024 });
    await shareInThread(h, parent, { id: big.id, name: big.name, mimetype: big.mimetype, size: big.size });
    await waitFor(
      () => h!.slack.ephemerals.find((e) => e.text.includes('huge.png is 11.0 MB; images can be at most 10.0 MB')),
      'the oversize refusal',
    );

    const disguised = h.slack.files.share({ name: 'fake.png', mimetype: 'image/png', data: Buffer.from('%PDF-1.7 not a picture') });
    await shareInThread(h, parent, { id: disguised.id, name: disguised.name, mimetype: disguised.mimetype, size: disguised.size });
    await waitFor(() => h!.slack.ephemerals.find((e) => e.text.includes('fake.png is not an image the platform reads')), 'the disguised refusal');

    expect(text.downloads + big.downloads).toBe(0);
    expect(submitted(h)).toEqual([]);
    expect(await h.bot.state.get(threadId('slack', 'T1', 'C1', t.parentTs))).toMatchObject({ step: 'image', status: 'active' });
  });
});
