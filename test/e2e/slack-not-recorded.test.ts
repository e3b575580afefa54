/**
 * A Slack request the bot cannot record (its state refuses the write: here the inbox folder beside STATE_FILE is
 * replaced by a file, so every write fails with ENOTDIR). Slack sends an Events API event again when it is not
 * acknowledged, so an event gets a 500; Slack never sends a slash command again, so a command is acknowledged
 * with a private answer telling its user to run it again, and a click (never sent again either) gets the same
 * through its response_url. Nothing is posted, nothing reaches the platform; once the state can be written again,
 * the same command or click works.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { inboxDirOf } from '../../src/state/inbox-file.js';
import { SIGNING_SECRET, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { blockActionsPayload, sendInteraction } from '../helpers/slack-requests.js';
import { bodiesOf, NoveltyThread } from './slack-novelty-steps.js';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function breakInbox(stateDir: string): () => void {
  const dir = inboxDirOf(join(stateDir, 'state.json'));
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(dir, 'not a folder');
  return () => {
    rmSync(dir, { force: true });
    mkdirSync(dir, { mode: 0o700 });
  };
}

test('a slash command that cannot be recorded is answered, privately, with "run it again"; nothing is sent', { timeout: 30_000 }, async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
  const mend = breakInbox(h.stateDir);
  const res = await h.command('ask Will this be lost?');
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toEqual({
    response_type: 'ephemeral',
    text: 'Your command could not be taken: the bot cannot save its work right now. Nothing was sent; run the command again in a moment.',
  });
  await h.bot.routers[0]!.drain(2_000);
  expect(h.slack.channelMessages('C1')).toEqual([]);
  expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(0);

  // the disk is writable again: the same command, run again, is answered
  mend();
  const again = await h.command('ask Will this be lost?');
  expect(again.status).toBe(200);
  await waitFor(() => h!.latestThread()?.replies.some((m) => JSON.stringify(m.blocks).includes('tokens')), 'the answer');
});

test('an Events API event that cannot be recorded is not acknowledged: Slack gets a 500 and sends it again', { timeout: 30_000 }, async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
  const mend = breakInbox(h.stateDir);
  const mention = { type: 'app_mention', user: 'U1', channel: 'C1', text: '<@UBOT> ask Will this be lost?', ts: '1700000100.000100' };
  const res = await h.event(mention, 'Ev-not-recorded');
  expect(res.status).toBe(500);
  await h.bot.routers[0]!.drain(2_000);
  expect(h.slack.channelMessages('C1')).toEqual([]);

  // Slack's retry, once the state can be written, is handled
  mend();
  const retry = await h.event(mention, 'Ev-not-recorded', { retryNum: 1, retryReason: 'http_error' });
  expect(retry.status).toBe(200);
  await waitFor(() => h!.sim.requests.some((r) => r.operation === 'AI07'), 'the retried mention asked');
});

test('a click that cannot be recorded is acknowledged and its user told, through its response_url, to click again; nothing is done', {
  timeout: 30_000,
}, async () => {
  h = await startSlackBot();
  await h.command('novelty A foldable solar panel whose hinges double as cable channels');
  const t = await NoveltyThread.opened(h, 0);
  const solution = await t.step('Step 1 of 5');
  const confirm = t.button(solution, 'Confirm');
  const click = (responseUrl: string) =>
    sendInteraction(
      h!.eventsUrl,
      SIGNING_SECRET,
      Object.assign(
        blockActionsPayload({
          action: { type: 'button', action_id: confirm.action_id, value: confirm.value },
          messageTs: solution.ts,
          threadTs: t.parentTs,
          triggerId: `${Date.now()}.click`,
        }),
        { response_url: responseUrl },
      ),
    );

  const mend = breakInbox(h.stateDir);
  const responseUrl = h.slack.responseUrl();
  const res = await click(responseUrl);
  expect(res.status).toBe(200);
  const told = await waitFor(() => h!.slack.responses.find((p) => p.url === responseUrl), 'the note through the response_url');
  expect(told.body).toMatchObject({
    response_type: 'ephemeral',
    replace_original: false,
    text: 'Your click could not be taken: the bot cannot save its work right now. Nothing was done; click again in a moment.',
  });
  await h.bot.routers[0]!.drain(2_000);
  expect(bodiesOf(h, 'AI35-3')).toEqual([]);

  mend();
  expect((await click(h.slack.responseUrl())).status).toBe(200);
  await t.step('Step 2 of 5');
  expect(bodiesOf(h, 'AI35-3')).toHaveLength(1);
});
