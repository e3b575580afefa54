/**
 * The user's image link, checked before the platform is asked to fetch it: a link to an internal address (see
 * ./internal-address.ts), or to a host name that is internal by name or resolves to one, is refused with the
 * reason and nothing is sent; if its platform's gateway fetches images server-side, it would be a request forgery
 * channel. A name no resolver knows (NXDOMAIN) is left to the platform, which cannot fetch it either; a resolver
 * that does not answer refuses the link for now. Only the user's link is checked: the bot's own upload URLs
 * (PUBLIC_URL) and the platform's base URL are the operator's.
 */
import { lookup } from 'node:dns/promises';
import type { Translate } from '../../i18n/index.js';
import { nothingSent } from '../workflow/index.js';
import { isInternalAddress } from './internal-address.js';

/** Every address a host name resolves to (A and AAAA); rejects as `dns.lookup` does. */
export type ResolveAll = (host: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 5_000;

export const resolveWithDns: ResolveAll = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Names that are internal whatever they resolve to here (RFC 6761, RFC 8375, cloud metadata names). */
const INTERNAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa)\.?$/i;

/** Lookup failures that mean "no such name", as opposed to a resolver that could not answer. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('lookup timed out'), { code: 'ETIMEOUT' })), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** Why the platform must not be sent `url` (an https URL the options already accepted), or undefined. */
export async function imageAddressProblem(url: string, t: Translate, resolveAll: ResolveAll = resolveWithDns): Promise<string | undefined> {
  const host = new URL(url).hostname;
  const refused = () => nothingSent(t('design:option.internalAddress', { host }), t);
  if (isInternalAddress(host) || INTERNAL_NAME.test(host)) return refused();
  if (host.startsWith('[') || /^[\d.]+$/.test(host)) return undefined;
  let addresses: string[];
  try {
    addresses = await withTimeout(resolveAll(host), LOOKUP_TIMEOUT_MS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && NO_SUCH_NAME.has(code)) return undefined;
    return nothingSent(t('design:option.addressUnchecked', { host }), t);
  }
  return addresses.some(isInternalAddress) ? refused() : undefined;
}
