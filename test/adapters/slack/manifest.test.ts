import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLACK_EVENTS_PATH } from '../../../src/adapters/slack/index.js';
import { manifestBotScopes, SLACK_OAUTH_REDIRECT_PATH } from '../../../src/adapters/slack/oauth.js';
import { GLOBAL_SHORTCUT_ID, MESSAGE_SHORTCUT_ID } from '../../../src/adapters/slack/render/shortcut-modal.js';
import { HANDLERS } from '../../../src/handlers/index.js';
import { slashCommandBody } from '../../helpers/slack-requests.js';

interface Manifest {
  display_information: { name: string };
  features: {
    bot_user: { display_name: string };
    slash_commands: { command: string; url: string; usage_hint: string }[];
    shortcuts?: { name: string; type: string; callback_id: string; description: string }[];
  };
  oauth_config: { redirect_urls?: string[]; scopes: { bot: string[] } };
  settings: {
    event_subscriptions: { request_url: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url: string };
    socket_mode_enabled: boolean;
  };
}

/** The longest shortcut name Slack's manifest takes. */
const SHORTCUT_NAME_MAX = 24;

const manifest = JSON.parse(readFileSync(new URL('../../../manifest.json', import.meta.url), 'utf8')) as Manifest;

/** The scope each Web API method the Slack adapter calls needs (Slack's method reference); null: none. */
const METHOD_SCOPES: Record<string, string | string[] | null> = {
  'auth.test': null,
  'oauth.v2.access': null,
  'apps.connections.open': null,
  'chat.postMessage': 'chat:write',
  'chat.update': 'chat:write',
  'chat.postEphemeral': 'chat:write',
  'chat.delete': 'chat:write',
  'chat.getPermalink': null,
  'conversations.join': 'channels:join',
  // where a shortcut's answer would go: a public channel, a private one, a DM, a group DM
  'conversations.info': ['channels:read', 'groups:read', 'im:read', 'mpim:read'],
  'conversations.open': 'im:write',
  // a post or a stream whose answer was lost, looked up in its thread (also groups:, im:, mpim:history by place)
  'conversations.replies': 'channels:history',
  'users.info': 'users:read',
  'views.open': null,
  'views.publish': null,
  'views.update': null,
  'files.info': 'files:read',
  // the download of a file's private URL with the bot token
  'files.download': 'files:read',
  // filesUploadV2: files.getUploadURLExternal, the upload, files.completeUploadExternal
  'files.uploadV2': 'files:write',
  'files.getUploadURLExternal': 'files:write',
  'files.completeUploadExternal': 'files:write',
  // streamed messages (answers, and the plans of long workflow steps)
  'chat.startStream': 'chat:write',
  'chat.appendStream': 'chat:write',
  'chat.stopStream': 'chat:write',
  // the assistant pane; setStatus takes chat:write (Slack's 2026-03 change), the other two assistant:write
  'assistant.threads.setSuggestedPrompts': 'assistant:write',
  'assistant.threads.setTitle': 'assistant:write',
  'assistant.threads.setStatus': 'chat:write',
};

/** The scope each event subscription needs; null: none (app events every app may receive). */
const EVENT_SCOPES: Record<string, string | null> = {
  app_mention: 'app_mentions:read',
  'message.channels': 'channels:history',
  'message.groups': 'groups:history',
  'message.im': 'im:history',
  'message.mpim': 'mpim:history',
  app_home_opened: null,
  app_uninstalled: null,
  // sent to apps with the assistant pane (features.assistant_view); no scope of its own
  assistant_thread_started: null,
  tokens_revoked: null,
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : path.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

const slackSources = sourcesUnder(new URL('../../../src/adapters/slack', import.meta.url).pathname).join('\n');

/** Every Web API method the Slack adapter names: client.<family>.<method>(...), apiCall/api(team, '<method>'), error labels. */
function methodsTheCodeCalls(): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /client\.(\w+)\.(\w+)(?:\.(\w+))?\(/g,
    /\bapi(?:Call)?\((?:\w+,\s*)?'([\w.]+)'/g,
    /method: '([a-z]+\.[\w.]+)'/g,
    /SlackApiError\('([\w.]+)'/g,
  ];
  for (const pattern of patterns) {
    for (const match of slackSources.matchAll(pattern)) found.add(match.slice(1).filter(Boolean).join('.'));
  }
  if (/\.filesUploadV2\(/.test(slackSources)) found.add('files.uploadV2');
  return found;
}

/** The events the Bolt app listens to, as subscriptions (a `message` listener stands for the four message.* ones). */
function eventsTheCodeHandles(): Set<string> {
  const events = new Set<string>();
  for (const match of slackSources.matchAll(/app\.event\('(\w+)'/g)) {
    const name = match[1] as string;
    if (name === 'message') for (const kind of ['channels', 'groups', 'im', 'mpim']) events.add(`message.${kind}`);
    else events.add(name);
  }
  // Bolt's Assistant: threadStarted is assistant_thread_started; its user messages arrive as message.im
  if (/\bthreadStarted:/.test(slackSources)) events.add('assistant_thread_started');
  return events;
}

describe('manifest.json', () => {
  it('names the app, its bot user and the /iip command with every verb in the usage hint', () => {
    expect(manifest.display_information.name).toBe('iip');
    expect(manifest.features.bot_user.display_name).toBe('iip');
    const [command] = manifest.features.slash_commands;
    expect(command?.command).toBe('/iip');
    expect(new URLSearchParams(slashCommandBody()).get('command')).toBe(command?.command);
    const hinted = new Set(command?.usage_hint.split(' ')[0]?.split('|'));
    // `bio` is the short name of `encyclopedia`, which the hint shows
    const verbs = [...HANDLERS.flatMap((h) => h.verbs), 'status', 'help'].filter((verb) => verb !== 'bio');
    for (const verb of verbs) expect(hinted, `usage_hint lacks ${verb}`).toContain(verb);
  });

  it('asks for exactly the scopes the code uses: each Web API method it calls, each event it subscribes to, the command', () => {
    const methods = methodsTheCodeCalls();
    expect(methods).toContain('chat.postMessage');
    const unknown = [...methods].filter((method) => !(method in METHOD_SCOPES));
    expect(unknown, 'add these methods and their scopes to METHOD_SCOPES').toEqual([]);
    const events = manifest.settings.event_subscriptions.bot_events;
    expect(events.filter((event) => !(event in EVENT_SCOPES))).toEqual([]);
    const needed = new Set(
      [...[...methods].flatMap((method) => METHOD_SCOPES[method]), ...events.map((event) => EVENT_SCOPES[event]), 'commands'].filter(
        (scope): scope is string => typeof scope === 'string',
      ),
    );
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...needed].sort());
    // an OAuth install asks for the manifest's scopes
    expect(manifestBotScopes()).toEqual(manifest.oauth_config.scopes.bot);
  });

  it('declares the message shortcut and the global shortcut the Bolt app answers (issue 28)', () => {
    const shortcuts = manifest.features.shortcuts ?? [];
    expect(shortcuts.map((s) => [s.type, s.callback_id])).toEqual([
      ['message', MESSAGE_SHORTCUT_ID],
      ['global', GLOBAL_SHORTCUT_ID],
    ]);
    for (const s of shortcuts) expect(s.description.length).toBeGreaterThan(10);
    // Slack rejects a shortcut name over 24 characters (apps.manifest.validate; agentconnect-md/agentconnect#179, a
    // 27-character name refused) and a description over 150 (@slack/web-api's manifest types)
    for (const s of shortcuts) {
      expect([...s.name].length, s.name).toBeLessThanOrEqual(SHORTCUT_NAME_MAX);
      expect([...s.description].length, s.description).toBeLessThanOrEqual(150);
    }
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
  });

  it('subscribes to exactly the events the Bolt app listens to', () => {
    expect([...manifest.settings.event_subscriptions.bot_events].sort()).toEqual([...eventsTheCodeHandles()].sort());
  });

  it('sends events, commands and interactivity to the one URL the adapter mounts, and OAuth back to its redirect path', () => {
    const urls = [
      manifest.settings.event_subscriptions.request_url,
      manifest.settings.interactivity.request_url,
      ...manifest.features.slash_commands.map((c) => c.url),
    ];
    for (const url of urls) expect(new URL(url).pathname).toBe(SLACK_EVENTS_PATH);
    expect(manifest.oauth_config.redirect_urls?.map((url) => new URL(url).pathname)).toEqual([SLACK_OAUTH_REDIRECT_PATH]);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.settings.socket_mode_enabled).toBe(false);
  });
});
