/**
 * Issue 13, installation: two workspaces install the app through /slack/install -> Slack's authorize page ->
 * /slack/oauth_redirect, each is answered with its own token, the tokens are sealed at rest and never logged,
 * and an uninstalled workspace is forgotten and then refused; a forged state installs nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { manifestBotScopes } from '../../src/adapters/slack/oauth.js';
import { waitFor } from '../helpers/slack-bot-harness.js';
import { IIP_SECRET, STATE_SECRET, startInstallBot, type InstallBot } from './slack-install-bot.js';

let h: InstallBot | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Every file under `dir`, as text. */
function filesUnder(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? filesUnder(path) : readFileSync(path, 'utf8')))
    .join('\n');
}

/** The thread a command started in `channel` once its answer has a footer (the final text). */
async function answeredIn(bot: InstallBot, channel: string): Promise<string> {
  return waitFor(() => {
    const parent = bot.slack.channelMessages(channel).at(-1);
    const replies = parent ? bot.slack.threadMessages(channel, parent.threadTs ?? parent.ts) : [];
    return replies.some((m) => JSON.stringify(m.blocks).includes('tokens')) ? (parent?.threadTs ?? parent?.ts) : undefined;
  }, `the answer in ${channel}`);
}

const callsIn = (bot: InstallBot, channel: string) => bot.slack.calls.filter((c) => c.args.channel === channel);

describe('Slack installs (OAuth v2, many workspaces)', () => {
  test('two workspaces install through the Add to Slack page and are each answered with their own token', async () => {
    h = await startInstallBot();
    h.slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA1'] });
    h.slack.oauth.addWorkspace({ teamId: 'TB', channels: ['CB1'] });

    const page = await fetch(`${h.bot.httpUrl}/slack/install`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Add to Slack');
    const authorize = new URL(/<a class="add" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(new URL('/oauth/v2/authorize', h.slack.url).toString());
    expect(authorize.searchParams.get('scope')?.split(',')).toEqual(manifestBotScopes());
    expect(authorize.searchParams.get('state')).toBeTruthy();

    for (const team of ['TA', 'TB']) expect((await h.install(team)).status).toBe(200);
    const exchanges = h.slack.callsTo('oauth.v2.access');
    expect(exchanges).toHaveLength(2);
    expect(exchanges.every((c) => c.args.client_id === h?.slack.oauth.clientId)).toBe(true);

    expect((await h.command('TA', 'CA1', 'ask What is a solid-state battery?')).status).toBe(200);
    expect((await h.command('TB', 'CB1', 'ask What is a flow battery?')).status).toBe(200);
    await answeredIn(h, 'CA1');
    await answeredIn(h, 'CB1');
    // every call about a workspace's channel carried that workspace's own token
    expect(callsIn(h, 'CA1').length).toBeGreaterThan(1);
    expect(callsIn(h, 'CA1').every((c) => c.authorized && c.teamId === 'TA')).toBe(true);
    expect(callsIn(h, 'CB1').every((c) => c.authorized && c.teamId === 'TB')).toBe(true);

    // a mention names that workspace's own bot user, which its installation knows
    const ts = '1700000200.000001';
    const mention = await h.event(
      'TB',
      { type: 'app_mention', channel: 'CB1', user: 'U7', text: '<@UBOTTB> What is a supercapacitor?', ts },
      'EvMentionB',
    );
    expect(mention.status).toBe(200);
    await waitFor(
      () => h?.slack.threadMessages('CB1', ts).some((m) => JSON.stringify(m.blocks).includes('tokens')),
      'the answer to the mention in TB',
    );
    expect(callsIn(h, 'CB1').every((c) => c.authorized && c.teamId === 'TB')).toBe(true);
  });

  test('tokens are sealed at rest with IIP_SECRET and never appear in files or logs', async () => {
    h = await startInstallBot();
    h.slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA1'] });
    expect((await h.install('TA')).status).toBe(200);
    await h.command('TA', 'CA1', 'ask What is graphene?');
    await answeredIn(h, 'CA1');

    const stored = filesUnder(h.stateDir);
    expect(stored).toContain('install:slack:team:TA');
    expect(stored).not.toMatch(/xox[a-z]-/);
    const logs = h.logs.join('');
    expect(logs).toContain('Slack installation stored');
    for (const secret of [h.slack.oauth.clientSecret, STATE_SECRET, IIP_SECRET]) {
      expect(stored).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(/xox[a-z]-(?!\*\*\*)/);
  });

  test('a forged state or a missing state cookie installs nothing', async () => {
    h = await startInstallBot();
    h.slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA1'] });
    const forged = await h.install('TA', { state: 'forged-state' });
    expect(forged.status).not.toBe(200);
    const noCookie = await h.install('TA', { cookie: false });
    expect(noCookie.status).not.toBe(200);
    expect(h.slack.callsTo('oauth.v2.access')).toHaveLength(0);
    expect(filesUnder(h.stateDir)).not.toContain('install:slack:team:TA');

    const before = h.slack.calls.length;
    expect((await h.command('TA', 'CA1', 'ask Anyone there?')).status).toBe(200);
    expect(h.slack.calls.slice(before).filter((c) => c.args.channel === 'CA1')).toHaveLength(0);
  });

  test('app_uninstalled forgets the workspace (installation, threads, API key); a later command from it is refused cleanly', async () => {
    h = await startInstallBot();
    h.slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA1'] });
    h.slack.oauth.addWorkspace({ teamId: 'TB', channels: ['CB1'] });
    for (const team of ['TA', 'TB']) await h.install(team);
    await h.command('TA', 'CA1', 'ask What is perovskite?');
    await h.command('TB', 'CB1', 'ask What is silicon carbide?');
    const threadA = await answeredIn(h, 'CA1');
    const threadB = await answeredIn(h, 'CB1');
    expect(await h.bot.state.get(`slack:TA:CA1:${threadA}` as never)).toBeDefined();
    await h.bot.state.putSetting('apikey:TA', 'sealed-key-of-TA');

    h.slack.oauth.uninstall('TA');
    const gone = await h.event('TA', { type: 'app_uninstalled' }, 'EvUninstall1');
    expect(gone.status).toBe(200);
    expect(await h.bot.state.get(`slack:TA:CA1:${threadA}` as never)).toBeUndefined();
    expect(await h.bot.state.getSetting('apikey:TA')).toBeUndefined();
    expect(await h.bot.state.getSetting('install:slack:team:TA')).toBeUndefined();
    expect(await h.bot.state.get(`slack:TB:CB1:${threadB}` as never)).toBeDefined();
    expect(await h.bot.state.getSetting('install:slack:team:TB')).toBeDefined();

    const before = h.slack.calls.length;
    const refused = await h.command('TA', 'CA1', 'ask Still there?');
    expect(refused.status).toBe(200);
    const mention = await h.event(
      'TA',
      { type: 'app_mention', channel: 'CA1', user: 'U1', text: '<@UBOTTA> hello', ts: '1700000100.000001' },
      'EvAfter1',
    );
    expect(mention.status).toBe(200);
    await waitFor(() => h?.logs.join('').includes('no installation for its workspace'), 'the refusal in the log');
    expect(h.slack.calls.slice(before).filter((c) => c.args.channel === 'CA1')).toHaveLength(0);

    // the other workspace goes on
    await h.command('TB', 'CB1', 'ask And the other one?');
    await waitFor(() => h?.slack.channelMessages('CB1').length === 2 && h.slack.channelMessages('CB1')[1], 'the second thread in TB');
  });
});
