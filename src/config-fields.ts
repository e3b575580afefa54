/** The zod fields the environment's variables are read with: text, whole numbers, id lists, URL prefixes, path maps. */
import { z } from 'zod';

export const optionalText = z.string().trim().min(1).optional().catch(undefined);
export const intWithDefault = (fallback: number, min = 0) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number ≥ ${min}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

export const pathOverrides = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return {};
    try {
      const parsed: unknown = JSON.parse(v);
      return z.record(z.string(), z.string().startsWith('/')).parse(parsed);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of operation id to path, e.g. {"AI35-1":"/ai/novelty-search/submit"}' });
      return z.NEVER;
    }
  });

/** A comma-separated list: entries trimmed, empty ones dropped; unset or empty gives undefined. */
export const idList = z
  .string()
  .optional()
  .transform((v) => {
    const ids = (v ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id.length > 0);
    return ids.length > 0 ? ids : undefined;
  });

/** TEAMS_SERVICE_URLS: http(s) URL prefixes, a `*.` wildcard allowed as the host's first label; no user, query or fragment. */
export const serviceUrlList = idList.transform((urls, ctx) => {
  for (const [i, url] of (urls ?? []).entries()) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password || parsed.search || parsed.hash) {
      ctx.addIssue({
        code: 'custom',
        message: `entry ${i + 1} is not an http(s) URL prefix such as https://smba.trafficmanager.net/ (no user, query or fragment)`,
      });
      return z.NEVER;
    }
  }
  return urls;
});
