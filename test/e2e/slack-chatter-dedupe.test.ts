/**
 * Channel chatter costs the bot nothing: replies in a thread it never started, not addressed to it, claim no
 * dedupe key, record no inbox entry and leave the state file alone. Events it acts on are recorded in the inbox
 * (a small file each, not the state file that is rewritten whole), and that entry is their dedupe: a retried
 * delivery is answered once.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { inboxDirOf } from '../../src/state/inbox-file.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const hasFooter = (m: FakeSlackMessage): boolean => JSON.stringify(m.blocks).includes('tokens');
/** The state file as it is (or `absent`), to tell whether anything rewrote it. */
const snapshot = (file: string) => (existsSync(file) ? { text: readFileSync(file, 'utf8'), mtimeMs: statSync(file).mtimeMs } : 'absent');
/** Every inbox entry's file (pending, or the tombstone of a done one), concatenated. */
const inboxOf = (stateFile: string): string => {
  const dir = inboxDirOf(stateFile);
  return existsSync(dir)
    ? readdirSync(dir)
        .map((name) => readFileSync(join(dir, name), 'utf8'))
        .join('\n')
    : '';
};

test('300 replies in a thread the bot never started claim no key; a follow-up in its own thread is claimed and answered once', {
  timeout: 60_000,
}, async () => {
  h = await startSlackBot({ simulator: { streamChunkDelayMs: 1 } });
  const stateFile = join(h.stateDir, 'state.json');
  const before = snapshot(stateFile);

  const foreignThread = '1800000100.000000';
  for (let i = 1; i <= 300; i += 1) {
    const chatter = {
      type: 'message',
      channel: 'C1',
      user: 'U2',
      text: `lunch at noon? (${i})`,
      ts: `1800000100.${String(i).padStart(6, '0')}`,
      thread_ts: foreignThread,
      channel_type: 'channel',
    };
    expect((await h.event(chatter, `EvChatter${i}`)).status).toBe(200);
  }
  await h.bot.routers[0]!.drain(5_000);
  expect(existsSync(stateFile) ? readFileSync(stateFile, 'utf8') : '').not.toContain('EvChatter');
  expect(snapshot(stateFile)).toEqual(before);
  expect(inboxOf(stateFile)).not.toContain('EvChatter');
  expect(h.slack.threadMessages('C1', foreignThread)).toEqual([]);

  // a reply in the bot's own chat thread is acted on: it is recorded in the inbox, and Slack's retries of it do nothing
  await h.command('ask What is CRISPR?');
  const thread = await waitFor(() => {
    const latest = h!.latestThread();
    return latest?.replies.some(hasFooter) ? latest : undefined;
  }, 'the first answer');
  const followUp = {
    type: 'message',
    channel: 'C1',
    user: 'U1',
    text: 'And base editing?',
    ts: '1800000200.000100',
    thread_ts: thread.parent.ts,
    channel_type: 'channel',
  };
  const acks = await Promise.all([
    h.event(followUp, 'EvFollowUp1'),
    h.event(followUp, 'EvFollowUp1', { retryNum: 1, retryReason: 'http_timeout' }),
    h.event(followUp, 'EvFollowUp1', { retryNum: 2, retryReason: 'http_timeout' }),
  ]);
  expect(acks.map((a) => a.status)).toEqual([200, 200, 200]);
  await waitFor(() => h!.latestThread()!.replies.filter(hasFooter).length === 2, 'the follow-up answer');
  await h.bot.routers[0]!.drain(5_000);
  expect(h.sim.requests.filter((r) => r.operation === 'AI07')).toHaveLength(2);
  expect(h.latestThread()!.replies.filter(hasFooter)).toHaveLength(2);
  expect(inboxOf(stateFile)).toContain('EvFollowUp1');
  expect(readFileSync(stateFile, 'utf8')).not.toContain('EvFollowUp1');
});
