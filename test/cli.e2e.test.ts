/**
 * Issue 17: what `--help` and a bad configuration print, as a person reads them: the usage line names the command
 * that was actually run, and every bad variable is listed at once, one line each, without its value.
 */
import { spawn } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { notTheEntryPoint, startedAs } from '../src/config-help.js';
import { join } from 'node:path';
import { BOT, REPO, TSX } from './helpers/terminal-session.js';

/** Starting tsx takes seconds, and far more on a busy machine. */
const SPAWN_TIMEOUT_MS = 120_000;

/** Runs the CLI from the repository's folder with `env` on top of a clean environment (no npm variables). */
async function runCli(args: string[], env: Record<string, string>, script = BOT): Promise<{ code: number | null; out: string; err: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
  const child = spawn(TSX, [script, ...args], { cwd: REPO, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out, err };
}

describe('the usage line', () => {
  test('names the command that was run', () => {
    const root = '/srv/iip-bot';
    expect(startedAs(`${root}/dist/cli.js`, {}, root)).toBe('node dist/cli.js');
    expect(startedAs(`${root}/dist/cli.js`, {}, '/tmp')).toBe(`node ${root}/dist/cli.js`);
    expect(startedAs(`${root}/src/cli.ts`, {}, root)).toBe('npx tsx src/cli.ts');
    expect(startedAs(`${root}/src/cli.ts`, { npm_lifecycle_event: 'start', npm_lifecycle_script: 'tsx src/cli.ts' }, root)).toBe('npm start --');
    expect(startedAs(`${root}/dist/cli.js`, { npm_lifecycle_event: 'start:prod', npm_lifecycle_script: 'node dist/cli.js' }, root)).toBe(
      'npm run start:prod --',
    );
    // a child of `npm test` inherits npm's variables, but `npm test` did not run the bot
    expect(startedAs(`${root}/src/cli.ts`, { npm_lifecycle_event: 'test', npm_lifecycle_script: 'vitest run' }, root)).toBe('npx tsx src/cli.ts');
  });

  test('--help run directly, and through npm start', { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const direct = await runCli(['--help'], {});
    expect(direct.code).toBe(0);
    expect(direct.out.split('\n')[0]).toBe('Usage: npx tsx src/cli.ts [--console] [--help]');
    const viaNpm = await runCli(['--help'], { npm_lifecycle_event: 'start', npm_lifecycle_script: 'tsx src/cli.ts' });
    expect(viaNpm.out.split('\n')[0]).toBe('Usage: npm start -- [--console] [--help]');
  });
});

test('the composition root run by itself says which command starts the bot', { timeout: SPAWN_TIMEOUT_MS }, async () => {
  expect(notTheEntryPoint('/srv/iip-bot/dist/bot.js', '/srv/iip-bot')).toBe(
    "bot.js holds the bot's parts and starts nothing; start the bot with `node dist/cli.js` (`node dist/cli.js --help` lists the options).\n",
  );
  const { code, out, err } = await runCli(['--help'], {}, join(REPO, 'src/bot.ts'));
  expect(code).toBe(2);
  expect(out).toBe('');
  expect(err).toBe(
    "bot.ts holds the bot's parts and starts nothing; start the bot with `npx tsx src/cli.ts` (`npx tsx src/cli.ts --help` lists the options).\n",
  );
});

test('a bad configuration lists every problem at once, in one voice, without the values', { timeout: SPAWN_TIMEOUT_MS }, async () => {
  const { code, out, err } = await runCli([], {
    PORT: 'abc',
    IIP_API_KEY: 'secret-value-123',
    LOG_LEVEL: 'loud',
    SLACK_BOT_TOKEN: 'xoxb-token-456',
  });
  expect(code).toBe(2);
  expect(out).toBe('');
  expect(err.trim().split('\n')).toEqual([
    'Configuration problems:',
    '  - PORT: must be a whole number ≥ 0',
    '  - LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    '  - SLACK_SIGNING_SECRET: required with SLACK_BOT_TOKEN (or set SLACK_APP_TOKEN for Socket Mode)',
    '  - IIP_API_KEY: platform keys start with "sk-"',
    '`npx tsx src/cli.ts --help` lists every variable.',
  ]);
  for (const value of ['abc', 'secret-value-123', 'loud', 'xoxb-token-456']) expect(err).not.toContain(value);
});
