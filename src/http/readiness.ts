/**
 * `/readyz`: 200 when the state store answers and the platform gateway can be reached (any HTTP answer
 * counts: nothing is called that costs quota), 503 with what failed otherwise.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'undici';
import type { StateStore } from '../core/state.js';

export interface ReadinessOptions {
  state: StateStore;
  platformUrl: string;
  timeoutMs?: number;
}

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
    within(timeoutMs, request(platformUrl, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs }).then((r) => r.body.dump()))
      .catch((error: unknown) => {
        problems.platform = `unreachable: ${(error as Error).message}`;
      }),
  ]);
  return problems;
}

export function readinessHandler(options: ReadinessOptions) {
  return (_req: IncomingMessage, res: ServerResponse): void => {
    void checkReadiness(options).then((problems) => {
      const ready = Object.keys(problems).length === 0;
      res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ready ? { ok: true } : { ok: false, problems }));
    });
  };
}
