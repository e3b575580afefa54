/**
 * manifest.socket-mode.json (issue 29) is manifest.json for Socket Mode: the same app, scopes, command, shortcuts and
 * events, with Socket Mode on and no URL for Slack to call (the command's url, the two request_urls, the OAuth
 * redirect, which Socket Mode installs do not use).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

type Json = { [key: string]: unknown };
const read = (file: string): Json => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8')) as Json;

/** Every URL-shaped string in a manifest, with where it is: what Socket Mode leaves out. */
function urlsIn(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => urlsIn(item, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => urlsIn(v, path ? `${path}.${k}` : k));
  return [];
}

/** A manifest with Socket Mode's differences taken out: no URLs, no empty redirect list, socket_mode_enabled dropped. */
function withoutSocketSettings(manifest: Json): unknown {
  const copy = structuredClone(manifest) as {
    features: { slash_commands: Json[] };
    oauth_config: Json;
    settings: { event_subscriptions: Json; interactivity: Json; socket_mode_enabled?: boolean };
  };
  for (const command of copy.features.slash_commands) delete command.url;
  delete copy.oauth_config.redirect_urls;
  delete copy.settings.event_subscriptions.request_url;
  delete copy.settings.interactivity.request_url;
  delete copy.settings.socket_mode_enabled;
  return copy;
}

const http = read('manifest.json');
const socket = read('manifest.socket-mode.json');

test('the Socket Mode manifest turns Socket Mode on and names no URL for Slack to call', () => {
  expect((http.settings as Json).socket_mode_enabled).toBe(false);
  expect((socket.settings as Json).socket_mode_enabled).toBe(true);
  expect(urlsIn(socket)).toEqual([]);
  // the HTTP manifest has every one of them, so the comparison below does compare something
  expect(urlsIn(http).sort()).toEqual([
    'features.slash_commands[0].url',
    'oauth_config.redirect_urls[0]',
    'settings.event_subscriptions.request_url',
    'settings.interactivity.request_url',
  ]);
});

test('the two manifests are the same app apart from the socket settings: scopes, command, shortcuts, events', () => {
  expect(withoutSocketSettings(socket)).toEqual(withoutSocketSettings(http));
  expect((socket.settings as { interactivity: Json }).interactivity.is_enabled).toBe(true);
});
