/** How a request carries its key. The key itself is only compared, never kept. */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A non-reversible id of a key, so tests can tell which key a request used without the key being kept. */
export const simulatorKeyId = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 12);

export type AuthMode = 'bearer' | 'query' | 'none';

export interface AuthCheck {
  mode: AuthMode;
  /** the key has the `sk-` shape the gateway accepts */
  wellFormed: boolean;
  keyId?: string;
}

export function checkAuth(req: IncomingMessage, url: URL): AuthCheck {
  const header = req.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] : undefined;
  if (bearer) return { mode: 'bearer', wellFormed: bearer.startsWith('sk-'), keyId: simulatorKeyId(bearer) };
  const queryKey = url.searchParams.get('apikey');
  if (queryKey) return { mode: 'query', wellFormed: queryKey.startsWith('sk-'), keyId: simulatorKeyId(queryKey) };
  return { mode: 'none', wellFormed: false };
}
