import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SLACK_EVENTS_PATH } from '../../../src/adapters/slack/index.js';
import { slashCommandBody } from '../../helpers/slack-requests.js';

interface Manifest {
  display_information: { name: string };
  features: { bot_user: { display_name: string }; slash_commands: { command: string; url: string; usage_hint: string }[] };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    event_subscriptions: { request_url: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url: string };
    socket_mode_enabled: boolean;
  };
}

const manifest = JSON.parse(readFileSync(new URL('../../../manifest.json', import.meta.url), 'utf8')) as Manifest;

describe('manifest.json', () => {
  it('names the app, its bot user and the /iip command with every verb in the usage hint', () => {
    expect(manifest.display_information.name).toBe('iip');
    expect(manifest.features.bot_user.display_name).toBe('iip');
    const [command] = manifest.features.slash_commands;
    expect(command?.command).toBe('/iip');
    expect(new URLSearchParams(slashCommandBody()).get('command')).toBe(command?.command);
    for (const verb of [
      'ask',
      'pharm',
      'encyclopedia',
      'novelty',
      'solution',
      'material',
      'report',
      'disclosure',
      'design',
      'count',
      'status',
      'help',
    ]) {
      expect(command?.usage_hint).toContain(verb);
    }
  });

  it('subscribes to exactly the events the adapter turns into Incoming, and asks for their scopes', () => {
    expect(manifest.settings.event_subscriptions.bot_events.sort()).toEqual(
      ['app_mention', 'message.channels', 'message.groups', 'message.im', 'message.mpim'].sort(),
    );
    expect(manifest.oauth_config.scopes.bot).toEqual(
      expect.arrayContaining([
        'commands',
        'chat:write',
        'app_mentions:read',
        'channels:history',
        'groups:history',
        'im:history',
        'mpim:history',
        'im:write',
        'files:read',
        'files:write',
        'users:read',
      ]),
    );
  });

  it('sends events, commands and interactivity to the one URL the adapter mounts, over HTTP', () => {
    const urls = [
      manifest.settings.event_subscriptions.request_url,
      manifest.settings.interactivity.request_url,
      ...manifest.features.slash_commands.map((c) => c.url),
    ];
    for (const url of urls) expect(new URL(url).pathname).toBe(SLACK_EVENTS_PATH);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.settings.socket_mode_enabled).toBe(false);
  });
});
