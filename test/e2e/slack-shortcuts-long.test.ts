/**
 * Issue 28, long texts and the characters-left hint, through the real Bolt app: a message longer than the 3,000
 * characters a Slack input holds opens split over several fields at its line breaks (the modal says so; the fake
 * Web API refuses an input over 3,000), and Start sends it whole, joined as the message had it; a text over the
 * chosen verb's limit is refused in the modal and nothing is sent; a message beyond what any verb takes says what
 * was left out. Each character typed refreshes the hint with views.update carrying the view's hash, keeping the
 * fields' block and action ids (Slack keeps what was typed); a refresh with an older hash changes nothing.
 */
import { afterEach, expect, test } from 'vitest';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf } from './slack-novelty-steps.js';
import {
  blockOf,
  globalShortcut,
  messageShortcut,
  openedModal,
  platformCalls,
  shortcut,
  submit,
  textBlocks,
  typed,
  type Json,
} from './slack-shortcut-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const claim = (i: number) =>
  `${i}. The container of claim ${i - 1 || 1}, wherein the phase-change layer holds sodium acetate trihydrate sealed in a steel shell.`;
const claims = (count: number) => Array.from({ length: count }, (_, i) => claim(i + 1)).join('\n');
const initialValues = (view: Json) => textBlocks(view).map((b) => String(b.element.initial_value ?? ''));
const contextTexts = (view: Json) =>
  (view.blocks as Json[]).filter((b) => b.type === 'context').map((b) => String(((b.elements as Json[])[0] as Json).text));

test('a 7,000-character message opens over three fields; novelty refuses it in the modal, pharm receives it whole', async () => {
  h = await startSlackBot();
  const long = claims(60);
  expect(long.length).toBeGreaterThan(6_000);
  await shortcut(h, messageShortcut('C1', long));
  const view = await openedModal(h, 1);
  const parts = initialValues(view);
  expect(parts).toHaveLength(3);
  for (const part of parts) expect(part.length).toBeLessThanOrEqual(3_000);
  expect(parts.join('\n')).toBe(long);
  expect(textBlocks(view).map((b) => (b.label as Json).text)).toEqual(['Text (part 1 of 3)', 'Text (part 2 of 3)', 'Text (part 3 of 3)']);
  expect(contextTexts(view)).toContainEqual(expect.stringContaining(`The message has ${long.length.toLocaleString('en')} characters`));
  expect(blockOf(view, 'text-3').hint?.text).toContain(`novelty ${(long.length - 5_000).toLocaleString('en')} over`);

  const refused = await submit(h, view, { verb: 'novelty', text: parts });
  expect(JSON.parse(refused.body)).toEqual({
    response_action: 'errors',
    errors: {
      text: `novelty takes at most 5,000 characters; this text has ${long.length.toLocaleString('en')}. Nothing was sent: shorten it, or pick a verb that takes more.`,
    },
  });
  expect(platformCalls(h)).toEqual([]);

  await submit(h, view, { verb: 'pharm', text: parts });
  await waitFor(() => bodiesOf(h!, 'AI20').length === 1, 'AI20');
  expect(bodiesOf(h, 'AI20')).toEqual([{ query: long }]);
});

test('a message beyond what any verb takes: the fields hold the first part, and the modal says the rest was left out', async () => {
  h = await startSlackBot();
  const huge = claims(220);
  await shortcut(h, messageShortcut('C1', huge));
  const view = await openedModal(h, 1);
  const kept = initialValues(view).join('\n');
  expect(huge.startsWith(kept)).toBe(true);
  expect(kept.length).toBeGreaterThan(16_000);
  expect(contextTexts(view)).toContainEqual(
    `The message has ${huge.length.toLocaleString('en')} characters, more than any verb takes (16,000 at most). The fields hold its first ${kept.length.toLocaleString('en')}; the rest was left out.`,
  );
});

test('typing refreshes the characters left with views.update and the view hash; an older hash changes nothing', async () => {
  h = await startSlackBot();
  await shortcut(h, globalShortcut());
  const view = await openedModal(h, 1);
  const input = blockOf(view, 'text');
  expect(input.dispatch_action).toBe(true);
  expect(input.element.dispatch_action_config).toEqual({ trigger_actions_on: ['on_character_entered'] });
  const firstHash = h.slack.modals.get(view.id)!.hash;

  await typed(h, view, firstHash, { verb: 'solution', text: 'How to keep' });
  const updates = await waitFor(() => h!.slack.callsTo('views.update').length === 1 && h!.slack.callsTo('views.update'), 'views.update');
  expect(updates[0]!.args).toMatchObject({ view_id: view.id, hash: firstHash });
  expect(updates[0]!.error).toBeUndefined();
  const refreshed = h.slack.modals.get(view.id)!;
  expect(blockOf(refreshed.view, 'text').hint?.text).toContain('11 characters');
  expect(blockOf(refreshed.view, 'text').hint?.text).toContain('solution 489');
  // the same fields, block and action ids alike: Slack keeps what the user typed
  const ids = (v: Json) => (v.blocks as Json[]).filter((b) => b.type === 'input').map((b) => [b.block_id, (b.element as Json).action_id]);
  expect(ids(refreshed.view)).toEqual(ids(view));

  // a refresh for an older state of the view arrives late: Slack refuses it, the newer hint stays
  await typed(h, view, firstHash, { verb: 'solution', text: 'How' });
  await waitFor(() => h!.slack.callsTo('views.update').length === 2, 'the late views.update');
  expect(h.slack.callsTo('views.update')[1]!.error).toBe('hash_conflict');
  expect(blockOf(h.slack.modals.get(view.id)!.view, 'text').hint?.text).toContain('11 characters');
  expect(platformCalls(h)).toEqual([]);
});
