/**
 * One key shape for the whole bot: every character `/iip key` and `IIP_API_KEY` admit in a key is hidden by the
 * redaction, in free text and in a log line's error, wherever it stands (a dot once ended the redaction).
 */
import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { KEY_SHAPE } from '../../src/handlers/key/verify.js';
import { createLogger, redactSecrets } from '../../src/log.js';

/** Every UTF-16 code unit `/iip key` admits after `sk-`, found by asking its own check. */
const ADMITTED = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((c) => KEY_SHAPE.test(`sk-abcdef${c}`));

test('the key check admits letters, digits, "_", "." and "-", and nothing else', () => {
  expect(ADMITTED.join('')).toBe('-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz');
});

test('every admitted character is redacted at every place in a key, a dot included', () => {
  for (const c of ADMITTED) {
    for (const key of [`sk-${c}${c}${c}${c}SECRETtail`, `sk-ab${c}cdSECRET${c}tail`, `sk-abcdefSECRET${c}`]) {
      expect(redactSecrets(`the platform refused "${key}" today`), key).toBe('the platform refused "sk-***" today');
    }
  }
  expect(redactSecrets('bad key sk-abcd.0123456789abcdefSECRET.')).toBe('bad key sk-***');
});

test('IIP_API_KEY takes exactly the keys /iip key takes', () => {
  const withKey = (key: string) => () => loadConfig({ IIP_API_KEY: key });
  expect(withKey(`sk-${ADMITTED.join('')}`)).not.toThrow();
  for (const key of ['sk-abc+def/ghi=', 'sk-abc def123', 'sk-abé12345', 'sk-abc']) {
    expect(KEY_SHAPE.test(key), key).toBe(false);
    expect(withKey(key), key).toThrow(/IIP_API_KEY: a platform key is "sk-" and 6 to 200/);
    expect(withKey(key)).not.toThrow(key);
  }
});

test("a log line hides a key with every admitted character, in its message and in an error's message and stack", () => {
  const key = `sk-${ADMITTED.join('')}SECRET`;
  let logs = '';
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk);
        done();
      },
    }),
  );
  logger.error({ err: new Error(`platform said: bad key ${key}`) }, `refused ${key}`);
  expect(logs).toContain('sk-***');
  expect(logs).not.toContain('SECRET');
  expect(logs).not.toContain(ADMITTED.join('').slice(10));
});
