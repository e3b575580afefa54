/**
 * Why the bot could not start, as one line an operator can act on: the variable to look at, the address it
 * names (never a password or token) and what went wrong there (`REDIS_URL redis://127.0.0.1:6390: connection refused`).
 */
import type { Config } from './config.js';
import type { ChatAdapter } from './core/adapter.js';

export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** A URL as it may be shown: user and password removed. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(not a URL)';
  }
}

const BY_CODE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  ETIMEDOUT: 'no answer (timed out)',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRINUSE: 'the address is already in use',
  EACCES: 'permission denied',
  EADDRNOTAVAIL: 'the address is not available on this machine',
  SELF_SIGNED_CERT_IN_CHAIN: "the server's certificate is not signed by a trusted CA",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed and not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate is not signed by a trusted CA",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the server's certificate is not signed by a trusted CA",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is not for this host",
};

/** The system error code (`ECONNREFUSED`, ...) found on `error` or what it wraps (`cause`, Slack's `original`, an AggregateError's first). */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
  const wrapped = [error.cause, (error as { original?: unknown }).original, (error as { errors?: unknown[] }).errors?.[0]];
  for (const inner of wrapped) {
    const found = codeOf(inner, depth + 1);
    if (found) return found;
  }
  return typeof code === 'string' ? code : undefined;
}

/** What went wrong, in a few words: from the error's code when it has one, else its message's first line. */
export function reasonOf(error: unknown): string {
  const code = codeOf(error);
  if (code && BY_CODE[code]) return BY_CODE[code];
  if (code) return code;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 200);
}

/** `VARIABLE address: reason`, the start-up failure an operator reads. */
export const startupError = (variable: string, address: string | undefined, error: unknown): StartupError =>
  new StartupError(`${variable}${address ? ` ${address}` : ''}: ${reasonOf(error)}`, { cause: error });

/** Slack's auth.test refusals of a token, in words (Slack's method reference). */
const SLACK_TOKEN_REFUSALS: Record<string, string> = {
  invalid_auth: 'it is not a valid token (copy the Bot User OAuth Token again)',
  not_authed: 'no token was sent',
  account_inactive: 'the app was uninstalled or its token revoked',
  token_revoked: 'the token was revoked',
  token_expired: 'the token has expired',
};

/** Names what a chat adapter's failed start depends on (Slack: the token, checked with auth.test at SLACK_API_URL). */
export function adapterStartError(chat: ChatAdapter['chat'], config: Config, error: unknown): StartupError {
  if (error instanceof StartupError) return error;
  if (chat === 'slack') {
    const code = (error as { data?: { error?: unknown } }).data?.error;
    if (typeof code === 'string') {
      const why = SLACK_TOKEN_REFUSALS[code];
      return new StartupError(`SLACK_BOT_TOKEN: Slack refused the token${why ? `: ${why}` : ''} (auth.test: ${code})`, { cause: error });
    }
    return startupError('SLACK_API_URL', `${shownUrl(config.slack?.apiUrl ?? 'https://slack.com/api')} (auth.test)`, error);
  }
  return startupError(chat === 'teams' ? 'MicrosoftAppId' : 'the terminal', undefined, error);
}
