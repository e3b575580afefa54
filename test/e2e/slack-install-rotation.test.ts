/**
 * Issue 13, installation beyond the plain case: token rotation (a refresh token works once; expired access
 * tokens are refused), an Enterprise Grid org-wide install answering every workspace of the org with the org's
 * token, and tokens_revoked forgetting the workspace only when its bot token was revoked.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { waitFor } from '../helpers/slack-bot-harness.js';
import { sendSlashCommand } from '../helpers/slack-requests.js';
import { SIGNING_SECRET, startInstallBot, type InstallBot } from './slack-install-bot.js';

let h: InstallBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Waits for the n-th thread in `channel` to carry its final answer (the footer naming the tokens used). */
async function answers(bot: InstallBot, channel: string, n: number): Promise<void> {
  await waitFor(() => {
    const parents = bot.slack.channelMessages(channel).filter((m) => !m.threadTs || m.threadTs === m.ts);
    const parent = parents[n - 1];
    return parent && bot.slack.threadMessages(channel, parent.ts).some((m) => JSON.stringify(m.blocks).includes('tokens'));
  }, `answer ${n} in ${channel}`);
}

const callsIn = (bot: InstallBot, channel: string) => bot.slack.calls.filter((c) => c.args.channel === channel);

describe('Slack installs: rotation, org-wide installs, revoked tokens', () => {
  test('with token rotation on, expiring tokens are refreshed with single-use refresh tokens and every call still gets through', async () => {
    h = await startInstallBot();
    h.slack.oauth.rotation = { expiresInSeconds: 600 };
    h.slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA1'] });
    expect((await h.install('TA')).status).toBe(200);
    expect(h.logs.join('')).toMatch(/"rotating":true[^\n]*Slack installation stored/);

    await h.command('TA', 'CA1', 'ask What is a solid electrolyte?');
    await answers(h, 'CA1', 1);
    // every token the bot used had been refreshed less than its lifetime ago: none expired, none invalid
    h.slack.oauth.expireTokens();
    await h.command('TA', 'CA1', 'ask And a liquid one?');
    await answers(h, 'CA1', 2);

    const refreshes = h.slack.callsTo('oauth.v2.access').filter((c) => c.args.grant_type === 'refresh_token');
    expect(refreshes.length).toBeGreaterThan(1);
    expect(new Set(refreshes.map((c) => c.args.refresh_token)).size).toBe(refreshes.length);
    expect(callsIn(h, 'CA1').every((c) => c.authorized && c.teamId === 'TA')).toBe(true);
    expect(h.logs.join('')).not.toContain('token rotation');
  });

  test('simultaneous commands right after the tokens expired all get through: one refresh at a time', async () => {
    h = await startInstallBot();
    h.slack.oauth.rotation = { expiresInSeconds: 600 };
    h.slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA1'] });
    await h.install('TA');
    h.slack.oauth.expireTokens();
    // four people at once (one person may have 3 answers being written)
    const acks = await Promise.all([1, 2, 3, 4].map((n) => h?.command('TA', 'CA1', `ask Question ${n}?`, `U${n}`)));
    expect(acks.every((ack) => ack?.status === 200)).toBe(true);
    for (const n of [1, 2, 3, 4]) await answers(h, 'CA1', n);
    expect(callsIn(h, 'CA1').every((c) => c.authorized)).toBe(true);
    expect(
      h.slack
        .callsTo('oauth.v2.access')
        .filter((c) => c.args.grant_type === 'refresh_token')
        .every((c) => c.authorized),
    ).toBe(true);
  });

  test('an org-wide install answers each workspace of the org with the org token', async () => {
    h = await startInstallBot();
    h.slack.oauth.addWorkspace({ teamId: 'TE1', enterpriseId: 'E1', orgWide: true, channels: ['CE1'] });
    h.slack.oauth.addWorkspace({ teamId: 'TE2', enterpriseId: 'E1', channels: ['CE2'] });
    h.slack.oauth.addWorkspace({ teamId: 'TX', channels: ['CX1'] });
    expect((await h.install('TE1')).status).toBe(200);
    expect(await h.bot.state.getSetting('install:slack:org:E1')).toBeDefined();

    const fields = {
      text: 'ask What is a grid?',
      team_id: 'TE2',
      channel_id: 'CE2',
      user_id: 'U2',
      enterprise_id: 'E1',
      is_enterprise_install: 'true',
    };
    const ack = await sendSlashCommand(`${h.bot.httpUrl}/slack/events`, SIGNING_SECRET, { ...fields, response_url: h.slack.responseUrl() } as never);
    expect(ack.status).toBe(200);
    await answers(h, 'CE2', 1);
    expect(callsIn(h, 'CE2').every((c) => c.authorized)).toBe(true);

    // a workspace outside the org, never installed, is refused
    const before = h.slack.calls.length;
    expect((await h.command('TX', 'CX1', 'ask Hello?')).status).toBe(200);
    expect(h.slack.calls.slice(before).filter((c) => c.args.channel === 'CX1')).toHaveLength(0);

    // the org uninstalls: the org's installation and the threads of its workspaces the bot has seen go
    const thread = h.slack.channelMessages('CE2')[0]?.ts;
    expect(await h.bot.state.get(`slack:TE2:CE2:${thread}` as never)).toBeDefined();
    h.slack.oauth.uninstall('E1');
    expect((await h.event('TE2', { type: 'app_uninstalled' }, 'EvOrgGone', { id: 'E1', orgWide: true })).status).toBe(200);
    expect(await h.bot.state.getSetting('install:slack:org:E1')).toBeUndefined();
    expect(await h.bot.state.get(`slack:TE2:CE2:${thread}` as never)).toBeUndefined();
  });

  test('tokens_revoked forgets the workspace when its bot token went, not when only user tokens did', async () => {
    h = await startInstallBot();
    h.slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA1'] });
    await h.install('TA');
    await h.command('TA', 'CA1', 'ask What is lignin?');
    await answers(h, 'CA1', 1);

    const userOnly = await h.event('TA', { type: 'tokens_revoked', tokens: { oauth: ['U9'], bot: [] } }, 'EvRevokeUser');
    expect(userOnly.status).toBe(200);
    expect(await h.bot.state.getSetting('install:slack:team:TA')).toBeDefined();

    h.slack.oauth.uninstall('TA');
    const bot = await h.event('TA', { type: 'tokens_revoked', tokens: { oauth: [], bot: ['UBOTTA'] } }, 'EvRevokeBot');
    expect(bot.status).toBe(200);
    expect(await h.bot.state.getSetting('install:slack:team:TA')).toBeUndefined();
    const parent = h.slack.channelMessages('CA1')[0];
    expect(await h.bot.state.get(`slack:TA:CA1:${parent?.ts}` as never)).toBeUndefined();
  });
});
