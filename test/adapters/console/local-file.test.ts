/** A file named in the terminal: the path read as a shell would, and a file refused before it is read. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readLocalFile, resolveLocalPath } from '../../../src/adapters/console/local-file.js';
import { FileTooLargeError, LocalFileError } from '../../../src/core/chat-errors.js';

const dir = mkdtempSync(join(tmpdir(), 'iip-local-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('~ is the home folder, a relative path is relative to the working folder, quotes are dropped', () => {
  expect(resolveLocalPath('~/Pictures/case.png', '/work', '/home/ada')).toBe('/home/ada/Pictures/case.png');
  expect(resolveLocalPath('./case.png', '/work', '/home/ada')).toBe('/work/case.png');
  expect(resolveLocalPath('case.png', '/work', '/home/ada')).toBe('/work/case.png');
  expect(resolveLocalPath('"/tmp/My Pictures/case.png"', '/work', '/home/ada')).toBe('/tmp/My Pictures/case.png');
  expect(resolveLocalPath("'../case.png'", '/work/sub', '/home/ada')).toBe('/work/case.png');
});

test('reads a file; a missing one, a folder and one over the limit are refused with why', async () => {
  writeFileSync(join(dir, 'small.png'), 'x'.repeat(10));
  mkdirSync(join(dir, 'folder.png'));
  expect((await readLocalFile('small.png', 10, dir)).data.toString()).toBe('x'.repeat(10));
  expect((await readLocalFile('small.png', 10, dir)).name).toBe('small.png');
  await expect(readLocalFile('small.png', 9, dir)).rejects.toBeInstanceOf(FileTooLargeError);
  await expect(readLocalFile('gone.png', 10, dir)).rejects.toMatchObject({ reason: 'missing', path: 'gone.png' });
  await expect(readLocalFile('small.png/inside.png', 10, dir)).rejects.toMatchObject({ reason: 'missing' });
  await expect(readLocalFile('folder.png', 10, dir)).rejects.toEqual(new LocalFileError('not-a-file', 'folder.png'));
});
