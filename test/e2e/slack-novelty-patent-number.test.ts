/**
 * Issue 29: a patent number that cannot be read in Slack's "Add a patent" modal keeps the modal open with why on
 * the field (the view_submission answer's `response_action: errors`), and nothing reaches the platform; the same
 * modal with a number in a written form then adds the patent. Through the real Bolt app with signed requests.
 */
import { afterEach, expect, test } from 'vitest';
import { SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { sendInteraction, viewSubmissionPayload } from '../helpers/slack-requests.js';
import { bodiesOf, IDEA, NoveltyThread, textOf } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Submits the modal `view` with `pn` typed, as Slack does for one modal submitted again (the same view id). */
async function submitPn(harness: SlackBotHarness, view: Record<string, unknown>, pn: string) {
  const payload = viewSubmissionPayload({
    privateMetadata: String(view.private_metadata),
    values: { pn: { pn: { type: 'plain_text_input', value: pn } } },
  });
  Object.assign(payload.view as Record<string, unknown>, { id: 'V-add-patent' });
  return sendInteraction(harness.eventsUrl, SIGNING_SECRET, payload);
}

/** Confirms steps 1-3 as proposed, in the language whose step titles and buttons `words` names. */
async function toReferences(harness: SlackBotHarness, words: { step: (n: number) => string; confirm: string; search: string }, lang: string) {
  await harness.command(`novelty ${IDEA} --lang ${lang}`);
  const t = await NoveltyThread.opened(harness, 0);
  await t.press(await t.step(words.step(1)), words.confirm);
  await t.press(await t.step(words.step(2)), words.confirm);
  await t.press(await t.step(words.step(3)), words.search);
  return { t, references: await t.step(words.step(4), 20_000) };
}

const ENGLISH = { step: (n: number) => `Step ${n} of 5`, confirm: 'Confirm', search: 'Confirm and search' };
const CHINESE = { step: (n: number) => `第 ${n}/5 步`, confirm: '确认', search: '确认并检索' };

test('an unreadable number keeps the modal open with why on the field; a written form then adds it', { timeout: 60_000 }, async () => {
  h = await startSlackBot();
  const { t, references } = await toReferences(h, ENGLISH, 'en');
  const { view } = await t.openForm(references, 'Add a patent');
  const notesBefore = h.slack.ephemerals.length;

  const refused = await submitPn(h, view, 'hinge 42');
  expect(refused.status).toBe(200);
  expect(JSON.parse(refused.body)).toEqual({
    response_action: 'errors',
    errors: {
      pn: 'Not a publication number that can be read: give the country code, the number and the kind code, such as CN118289111A or US 2019/0083787 A1.',
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(bodiesOf(h, 'AI35-12')).toEqual([]);
  expect(h.slack.ephemerals.slice(notesBefore)).toEqual([]);

  // the same modal, submitted again with a number as people write it: the modal closes and the patent is added
  const accepted = await submitPn(h, view, 'US 2019/0083787 A1');
  expect(accepted.status).toBe(200);
  expect(accepted.body).toBe('');
  await waitFor(() => bodiesOf(h!, 'AI35-12').length === 1, 'AI35-12');
  expect(bodiesOf(h, 'AI35-12')[0]).toMatchObject({ request: { pn: 'US20190083787A1', is_add_patent: true, add_patent_selected: true } });
  await waitFor(() => t.replies.find((m) => m.ts === references.ts && textOf(m).includes('US20190083787A1')), 'the added patent');
});

test('a Chinese user sees why in Chinese on the field', { timeout: 60_000 }, async () => {
  h = await startSlackBot({ slack: { locales: { U1: 'zh-CN' } } });
  const { t, references } = await toReferences(h, CHINESE, 'cn');
  const { view } = await t.openForm(references, '添加专利');
  const refused = await submitPn(h, view, '铰链');
  expect(JSON.parse(refused.body)).toEqual({
    response_action: 'errors',
    errors: { pn: '无法识别为公开号：请填写国家代码、号码和文献类型代码，例如 CN118289111A 或 US 2019/0083787 A1。' },
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(bodiesOf(h, 'AI35-12')).toEqual([]);
});
