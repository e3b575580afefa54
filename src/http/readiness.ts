/**
 * `/readyz`: 200 when the state store answers and the platform gateway can be reached (any HTTP answer
 * counts: nothing is called that costs quota), 503 naming which of the two failed otherwise. The verdict is
 * kept for a few seconds (probes and scanners may call often; the gateway is called at most once per period),
 * and the body never carries addresses or error texts: those go to the log.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'undici';
import type { StateStore } from '../core/state.js';
import { silentLogger, type Logger } from '../log.js';

export interface ReadinessOptions {
  state: StateStore;
  platformUrl: string;
  timeoutMs?: number;
  /** how long a verdict is reused (default 5 s) */
  cacheMs?: number;
  logger?: Logger;
}

export const READINESS_CACHE_MS = 5_000;

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness({ state, platformUrl, timeoutMs = 2000 }: ReadinessOptions): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  await Promise.all([
    within(timeoutMs, state.getSetting('readiness-probe')).catch((error: unknown) => {
      problems.state = (error as Error).message;
    }),
    within(
      timeoutMs,
      request(platformUrl, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs }).then((r) => r.body.dump()),
    ).catch((error: unknown) => {
      problems.platform = `unreachable: ${(error as Error).message}`;
    }),
  ]);
  return problems;
}

export function readinessHandler(options: ReadinessOptions) {
  const { cacheMs = READINESS_CACHE_MS, logger = silentLogger } = options;
  let verdict: { failing: string[]; until: number } | undefined;
  let checking: Promise<string[]> | undefined;
  const failing = async (): Promise<string[]> => {
    if (verdict && verdict.until > Date.now()) return verdict.failing;
    // one check at a time: requests meanwhile share its verdict
    checking ??= checkReadiness(options)
      .then((problems) => {
        const names = Object.keys(problems).sort();
        if (names.length) logger.warn({ problems }, 'not ready');
        verdict = { failing: names, until: Date.now() + cacheMs };
        return names;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    void failing().then((names) => {
      res.writeHead(names.length ? 503 : 200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(names.length ? { ok: false, failing: names } : { ok: true }));
    });
  };
}
