/**
 * The fake Web API holds Slack's trigger rules for views.open, checked with Slack's own WebClient: a trigger opens
 * a view within 3 seconds of being issued and only once (`expired_trigger_id`, `exchanged_trigger_id`).
 */
import { webApi } from '@slack/bolt';
import { afterEach, expect, test } from 'vitest';
import { startFakeSlackApi, type FakeSlackApi } from './fake-slack-api.js';
import { backDatedTriggerId, freshTriggerId, issuedAt, TRIGGER_WINDOW_MS } from './fake-slack-triggers.js';

let slack: FakeSlackApi | undefined;
afterEach(async () => {
  await slack?.close();
  slack = undefined;
});

const view = { type: 'modal' as const, title: { type: 'plain_text' as const, text: 'Edit' }, blocks: [] };
const errorOf = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: { data?: { error?: string }; code?: string }) => error.data?.error ?? error.code,
  );

test('a trigger opens one view within 3 s of its issue: later it has expired, twice it was exchanged', async () => {
  slack = await startFakeSlackApi();
  const client = new webApi.WebClient('xoxb-test', { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
  const fresh = freshTriggerId(1, 'c');
  expect(await errorOf(client.views.open({ trigger_id: fresh, view }))).toBe('ok');
  expect(await errorOf(client.views.open({ trigger_id: fresh, view }))).toBe('exchanged_trigger_id');
  const stale = backDatedTriggerId(2, 'c', Date.now() - TRIGGER_WINDOW_MS - 50);
  expect(await errorOf(client.views.open({ trigger_id: stale, view }))).toBe('expired_trigger_id');
  expect(await errorOf(client.views.open({ trigger_id: '', view }))).toBe('invalid_trigger_id');
  expect(slack.views.map((v) => v.triggerId)).toEqual([fresh]);
});

test("a trigger's issue time is the 13-digit segment Slack's format carries; ids without one have none", () => {
  expect(issuedAt('7.1795860000123.c')).toBe(1_795_860_000_123);
  expect(issuedAt('333.444.xyz')).toBeUndefined();
});
