/**
 * A start that cannot succeed (Redis unreachable, Slack's auth.test unreachable or refusing the token) exits
 * non-zero within seconds with one line naming the variable and the address, and nothing answers meanwhile.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import { builtEntry } from '../helpers/terminal-session.js';

/** A port nothing listens on (taken and given back at once). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether anything answers HTTP on the port right now. */
const answers = (port: number): Promise<boolean> =>
  fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(500) }).then(
    () => true,
    () => false,
  );

interface Outcome {
  code: number | null;
  stderr: string;
  ms: number;
  answeredMeanwhile: boolean;
}

async function start(env: Record<string, string>, port: number): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), 'iip-start-'));
  const started = Date.now();
  const child = spawn(process.execPath, [builtEntry()], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      STATE_FILE: join(dir, 'state.json'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let answeredMeanwhile = false;
  const probe = setInterval(() => {
    void answers(port).then((yes) => {
      answeredMeanwhile ||= yes;
    });
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(probe);
  return { code, stderr, ms: Date.now() - started, answeredMeanwhile };
}

const SLACK = {
  SLACK_BOT_TOKEN: 'xoxb-start-test',
  SLACK_SIGNING_SECRET: 'start-test-secret',
  IIP_API_KEY: 'sk-start-test',
  IIP_BASE_URL: 'http://127.0.0.1:9',
};

describe('a start that cannot succeed', () => {
  test('Redis unreachable: exits 1 with "REDIS_URL <address>: connection refused", nothing answers meanwhile', async () => {
    const redisPort = await closedPort();
    const outcome = await start({ ...SLACK, REDIS_URL: `redis://:hunter2@127.0.0.1:${redisPort}` }, await closedPort());
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim()).toBe(`iip-bot could not start: REDIS_URL redis://127.0.0.1:${redisPort}: connection refused`);
    expect(outcome.stderr).not.toContain('hunter2');
    expect(outcome.answeredMeanwhile).toBe(false);
    expect(outcome.ms).toBeLessThan(15_000);
  });

  test('Slack auth.test unreachable: names SLACK_API_URL and its address', async () => {
    const slackPort = await closedPort();
    const outcome = await start({ ...SLACK, SLACK_API_URL: `http://127.0.0.1:${slackPort}/api/` }, await closedPort());
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim()).toBe(`iip-bot could not start: SLACK_API_URL http://127.0.0.1:${slackPort}/api (auth.test): connection refused`);
    expect(outcome.answeredMeanwhile).toBe(false);
  });

  test("Slack refuses the token: names SLACK_BOT_TOKEN and Slack's error, never the token", async () => {
    const slack = await startFakeSlackApi({ token: 'xoxb-another-token' });
    try {
      const outcome = await start({ ...SLACK, SLACK_API_URL: slack.url }, await closedPort());
      expect(outcome.code).toBe(1);
      expect(outcome.stderr.trim()).toBe(
        'iip-bot could not start: SLACK_BOT_TOKEN: Slack refused the token: it is not a valid token (copy the Bot User OAuth Token again) (auth.test: invalid_auth)',
      );
      expect(outcome.stderr).not.toContain('xoxb-start-test');
    } finally {
      await slack.close();
    }
  });
});
