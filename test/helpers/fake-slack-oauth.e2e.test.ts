/**
 * The fake Web API's OAuth side holds Slack's rules, checked with Slack's own WebClient: a code works once and
 * only for the app's credentials, each token answers auth.test as its workspace, reaches only its workspace's
 * channels, dies on uninstall, and a refresh token works once.
 */
import { webApi } from '@slack/bolt';
import { afterEach, expect, test } from 'vitest';
import { startFakeSlackApi, type FakeSlackApi } from './fake-slack-api.js';

let slack: FakeSlackApi | undefined;
afterEach(async () => {
  await slack?.close();
  slack = undefined;
});

const clientOf = (api: FakeSlackApi, token?: string) => new webApi.WebClient(token, { slackApiUrl: api.url, retryConfig: { retries: 0 } });
const errorOf = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: { data?: { error?: string } }) => error.data?.error,
  );

async function installed(api: FakeSlackApi, teamId: string): Promise<{ access_token?: string; refresh_token?: string }> {
  const redirect = new URL(
    api.oauth.approve(`${new URL('/oauth/v2/authorize', api.url)}?client_id=${api.oauth.clientId}&scope=chat:write&state=s1`, teamId),
  );
  expect(redirect.searchParams.get('state')).toBe('s1');
  const code = redirect.searchParams.get('code') ?? '';
  const app = { client_id: api.oauth.clientId, client_secret: api.oauth.clientSecret };
  const answer = await clientOf(api).oauth.v2.access({ ...app, code });
  expect(await errorOf(clientOf(api).oauth.v2.access({ ...app, code }))).toBe('invalid_code');
  return answer;
}

test('tokens per workspace: auth.test, their own channels only, refused once uninstalled', async () => {
  slack = await startFakeSlackApi({ oauth: { redirectUrl: 'https://bot.example/slack/oauth_redirect' } });
  slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA'] });
  slack.oauth.addWorkspace({ teamId: 'TB', channels: ['CB'] });
  expect(await errorOf(clientOf(slack).oauth.v2.access({ client_id: slack.oauth.clientId, client_secret: 'wrong', code: 'x' }))).toBe(
    'bad_client_secret',
  );
  const a = (await installed(slack, 'TA')).access_token;
  const b = (await installed(slack, 'TB')).access_token;
  expect((await clientOf(slack, a).auth.test()).team_id).toBe('TA');
  expect((await clientOf(slack, b).auth.test()).user_id).toBe('UBOTTB');
  expect(await errorOf(clientOf(slack, a).chat.postMessage({ channel: 'CA', text: 'hi' }))).toBe('ok');
  expect(await errorOf(clientOf(slack, a).chat.postMessage({ channel: 'CB', text: 'hi' }))).toBe('channel_not_found');
  expect(await errorOf(clientOf(slack, 'xoxb-made-up').auth.test())).toBe('invalid_auth');
  slack.oauth.uninstall('TA');
  expect(await errorOf(clientOf(slack, a).chat.postMessage({ channel: 'CA', text: 'hi' }))).toBe('token_revoked');
  expect(await errorOf(clientOf(slack, b).chat.postMessage({ channel: 'CB', text: 'hi' }))).toBe('ok');
});

test('with rotation, an expired token is refused and a refresh token works once', async () => {
  slack = await startFakeSlackApi({ oauth: { redirectUrl: 'https://bot.example/slack/oauth_redirect' } });
  slack.oauth.rotation = { expiresInSeconds: 43_200 };
  slack.oauth.addWorkspace({ teamId: 'TA', channels: ['CA'] });
  const first = await installed(slack, 'TA');
  slack.oauth.expireTokens();
  expect(await errorOf(clientOf(slack, first.access_token).auth.test())).toBe('token_expired');
  const app = { client_id: slack.oauth.clientId, client_secret: slack.oauth.clientSecret, grant_type: 'refresh_token' as const };
  const next = await clientOf(slack).oauth.v2.access({ ...app, refresh_token: first.refresh_token ?? '' });
  expect((await clientOf(slack, next.access_token).auth.test()).team_id).toBe('TA');
  expect(await errorOf(clientOf(slack).oauth.v2.access({ ...app, refresh_token: first.refresh_token ?? '' }))).toBe('invalid_refresh_token');
});
