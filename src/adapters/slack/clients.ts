/** The Web API client a Slack workspace is answered with: the one bot token, or the token its installation holds (OAuth). */
import { type Logger as SlackLogger, webApi } from '@slack/bolt';

/** The bot token that answers a team; rejects when the bot has no installation in it. */
export type TokenFor = (team: string) => Promise<string>;

export interface TeamClient {
  client: webApi.WebClient;
  token: string;
}

const CALL_TIMEOUT_MS = 30_000;
/** Clients kept at once; a rotated or uninstalled token's client is dropped when the oldest go. */
const MAX_CLIENTS = 500;

export interface SlackClientsOptions {
  apiUrl?: string;
  slackLogger: SlackLogger;
}

/**
 * One WebClient per token, retries off and rate-limited calls rejected at once (the relay owns rate limiting,
 * so a 429 comes back as `ChatRateLimitedError` instead of being retried here with stale text).
 */
export function slackClients(tokenFor: TokenFor, options: SlackClientsOptions): (team: string) => Promise<TeamClient> {
  const clients = new Map<string, webApi.WebClient>();
  const clientOf = (token: string): webApi.WebClient => {
    let client = clients.get(token);
    if (client) return client;
    client = new webApi.WebClient(token, {
      ...(options.apiUrl ? { slackApiUrl: options.apiUrl } : {}),
      logger: options.slackLogger,
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 0 },
      timeout: CALL_TIMEOUT_MS,
    });
    clients.set(token, client);
    if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value as string);
    return client;
  };
  return async (team) => {
    const token = await tokenFor(team);
    return { client: clientOf(token), token };
  };
}
