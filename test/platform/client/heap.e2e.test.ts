/**
 * The client's read limits under the production start's memory flags (`--max-old-space-size=96
 * --max-semi-space-size=8`): a child process polls a 300 MB JSON answer three times and reads a stream with a
 * 50 MB event, with the default limits, and lives to say each ended as too large (before the limits, the first
 * poll took the process down).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const CHILD = fileURLToPath(new URL('./heap-child.ts', import.meta.url));

function runChild(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=96', '--max-semi-space-size=8', '--import', 'tsx', CHILD], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('with 96 MB of heap, 300 MB polls and a 50 MB event end as too large and the process lives', { timeout: 60_000 }, async () => {
  const { code, stdout, stderr } = await runChild();
  expect(stderr).not.toContain('heap out of memory');
  expect(code).toBe(0);
  expect(JSON.parse(stdout.trim())).toEqual({ polls: ['too-large', 'too-large', 'too-large'], stream: 'too-large' });
});
