/**
 * Which `serviceUrl` an incoming activity may name. The bot sends every answer to the service URL its
 * activities named, so an activity that names another one (forged, or posted to an unauthenticated endpoint)
 * could point the bot's requests, with its Bot Framework token, at any address, an internal one included.
 *
 * Allowed by default: https on Teams' Bot Connector hosts only (../../lib/bot-framework-clouds.ts):
 * - `smba.trafficmanager.net`: Teams in the public cloud, every region (`/teams/`, `/amer/`, `/emea/`, `/apac/`, ...).
 * - `smba.infra.gcc.teams.microsoft.com`, `smba.infra.gov.teams.microsoft.us`, `smba.infra.dod.teams.microsoft.us`:
 *   Teams in the US government clouds (GCC, GCC High, DoD), as Microsoft's Agents SDK lists them
 *   (`TeamsServiceEndpoints`).
 * Anything else (the Bot Framework Emulator on localhost, a test's fake connector, a sovereign cloud not
 * listed) is allowed only when the operator lists it (TEAMS_SERVICE_URLS), which replaces this default.
 * The Bot Framework's other channels (Web Chat and Direct Line: `*.botframework.com`, `*.botframework.azure.us`)
 * are a separate list, admitted only for a Web Chat tenant (./channel-trust.ts).
 *
 * An entry is a URL prefix: same scheme, same host (or, for `https://*.example.com/`, any subdomain of
 * example.com), same port, and a path under the entry's path. URLs are compared parsed, never as text, so
 * `https://smba.trafficmanager.net.evil.example/` does not pass as `https://smba.trafficmanager.net/`.
 */
import { ALL_TEAMS_SERVICE_URLS } from '../../lib/bot-framework-clouds.js';

export const TEAMS_SERVICE_URLS: readonly string[] = ALL_TEAMS_SERVICE_URLS;

export const WEB_CHAT_SERVICE_URLS: readonly string[] = ['https://*.botframework.com/', 'https://*.botframework.azure.us/'];

interface Prefix {
  protocol: string;
  /** the exact host, or the domain (leading dot) whose subdomains pass */
  host: string;
  wildcard: boolean;
  port: string;
  /** the path, ending in `/` */
  path: string;
}

function parse(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    if (parsed.username || parsed.password) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

function prefixOf(entry: string): Prefix {
  const parsed = parse(entry.trim());
  if (!parsed || parsed.search || parsed.hash) throw new Error(`not an http(s) service URL prefix: ${entry}`);
  const wildcard = parsed.hostname.startsWith('*.');
  return {
    protocol: parsed.protocol,
    host: wildcard ? parsed.hostname.slice(1) : parsed.hostname,
    wildcard,
    port: parsed.port,
    path: parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`,
  };
}

function matches(prefix: Prefix, url: URL): boolean {
  if (url.protocol !== prefix.protocol || url.port !== prefix.port) return false;
  const hostOk = prefix.wildcard ? url.hostname.endsWith(prefix.host) && url.hostname.length > prefix.host.length : url.hostname === prefix.host;
  if (!hostOk) return false;
  return url.pathname.startsWith(prefix.path) || `${url.pathname}/` === prefix.path;
}

/** A check of service URLs against `entries` (URL prefixes); throws on an entry that is not one. */
export function serviceUrlCheck(entries: readonly string[] = TEAMS_SERVICE_URLS): (serviceUrl: unknown) => boolean {
  const prefixes = entries.map(prefixOf);
  return (serviceUrl) => {
    if (typeof serviceUrl !== 'string') return false;
    const url = parse(serviceUrl);
    if (!url || url.search || url.hash) return false;
    return prefixes.some((prefix) => matches(prefix, url));
  };
}
