/** How a request carries its key. The key itself is only compared, never kept. */
import type { IncomingMessage } from 'node:http';

export type AuthMode = 'bearer' | 'query' | 'none';

export interface AuthCheck {
  mode: AuthMode;
  /** the key has the `sk-` shape the gateway accepts */
  wellFormed: boolean;
}

export function checkAuth(req: IncomingMessage, url: URL): AuthCheck {
  const header = req.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] : undefined;
  if (bearer) return { mode: 'bearer', wellFormed: bearer.startsWith('sk-') };
  const queryKey = url.searchParams.get('apikey');
  if (queryKey) return { mode: 'query', wellFormed: queryKey.startsWith('sk-') };
  return { mode: 'none', wellFormed: false };
}
