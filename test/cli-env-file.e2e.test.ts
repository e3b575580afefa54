/**
 * Issue 29: `npm start` reads a `.env` in the working directory (Node's process.loadEnvFile) without overriding
 * the environment, `--help` says so and names the production start and the docs, and the shipped systemd unit
 * runs the production flags of package.json's start:prod.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { builtEntry, REPO } from './helpers/terminal-session.js';

/** Starting the bot takes a second, and far more on a busy machine. */
const SPAWN_TIMEOUT_MS = 120_000;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

async function runCli(args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && !['LOG_LEVEL', 'STATE_RETENTION_DAYS', 'IIP_API_KEY'].includes(name)),
  );
  const child = spawn(process.execPath, [builtEntry(), ...args], { cwd, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

test('a .env in the working directory is read, and what the environment sets wins over it', { timeout: SPAWN_TIMEOUT_MS }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'iip-env-file-'));
  dirs.push(dir);
  writeFileSync(join(dir, '.env'), '# written by an operator\nLOG_LEVEL=shouting\nSTATE_RETENTION_DAYS=forever\n');
  const { code, err } = await runCli([], dir, { LOG_LEVEL: 'warn' });
  expect(code).toBe(2);
  // the file's STATE_RETENTION_DAYS was read; its LOG_LEVEL was not, as the environment set one
  expect(err).toContain('STATE_RETENTION_DAYS');
  expect(err).not.toContain('LOG_LEVEL');
  expect(err).not.toContain('forever');
});

test('--help says how .env is read and names the production start, its systemd unit and the docs', { timeout: SPAWN_TIMEOUT_MS }, async () => {
  const { code, out } = await runCli(['--help'], REPO, {});
  expect(code).toBe(0);
  expect(out).toContain('A .env file in the working directory is read at start');
  expect(out).toContain('a variable the environment already sets keeps its value');
  expect(out).toContain('npm run start:prod');
  expect(out).toContain('docs/iip-bot.service');
  expect(out).toContain('README.md');
  // every page it names is there
  for (const page of out.match(/docs\/[\w.-]+\.(?:md|service)/g) ?? []) expect(existsSync(join(REPO, page)), page).toBe(true);
  expect(out).toContain('docs/production.md');
});

test("the systemd unit runs package.json's start:prod flags", () => {
  const scripts = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const prod = scripts['start:prod'] ?? '';
  const unit = readFileSync(join(REPO, 'docs/iip-bot.service'), 'utf8');
  const execStart = /^ExecStart=(.+)$/m.exec(unit)?.[1] ?? '';
  expect(prod.startsWith('node ')).toBe(true);
  expect(execStart).toBe(`/usr/bin/${prod}`);
  expect(unit).toMatch(/^WorkingDirectory=/m);
  expect(unit).toMatch(/^Restart=on-failure$/m);
});
