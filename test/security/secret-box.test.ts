import { describe, expect, test } from 'vitest';
import { keyId, maskKey } from '../../src/platform/api-key.js';
import { SecretBox, SecretBoxError } from '../../src/security/secret-box.js';

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox('a-long-enough-test-secret');
  const key = 'sk-live-1234567890abcdef';

  test('seals to something that does not contain the secret and opens back to it', () => {
    const sealed = box.seal(key, 'apikey:slack:T1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(key);
    expect(sealed).not.toContain(Buffer.from(key).toString('base64url'));
    expect(box.open(sealed, 'apikey:slack:T1')).toBe(key);
  });

  test('every seal uses a fresh IV', () => {
    expect(box.seal(key, 'p')).not.toBe(box.seal(key, 'p'));
  });

  test('refuses another purpose, another secret and a tampered value', () => {
    const sealed = box.seal(key, 'apikey:slack:T1');
    expect(() => box.open(sealed, 'apikey:slack:T2')).toThrow(SecretBoxError);
    expect(() => new SecretBox('another-long-test-secret').open(sealed, 'apikey:slack:T1')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'apikey:slack:T1')).toThrow(SecretBoxError);
    expect(() => box.open('garbage', 'x')).toThrow(/not a sealed value/);
  });

  test('refuses a truncated authentication tag: only the full 16-byte GCM tag opens a value', () => {
    const sealed = box.seal(key, 'apikey:slack:T1');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const full = Buffer.from(tag, 'base64url');
    expect(full).toHaveLength(16);
    for (const bytes of [4, 8, 12, 15]) {
      const truncated = [version, iv, full.subarray(0, bytes).toString('base64url'), body].join('.');
      expect(() => box.open(truncated, 'apikey:slack:T1'), `a ${bytes}-byte tag`).toThrow(SecretBoxError);
    }
    expect(box.open(sealed, 'apikey:slack:T1')).toBe(key);
  });

  test('errors never carry the secret or the key', () => {
    try {
      box.open('v1.AAAA.BBBB.CCCC', 'p');
    } catch (error) {
      expect(String(error)).not.toContain('a-long-enough-test-secret');
    }
    expect(() => new SecretBox('short')).toThrow(/at least 16/);
  });

  test('masks and fingerprints keys without revealing them', () => {
    expect(maskKey(key)).toBe('sk-…cdef');
    expect(keyId(key)).toMatch(/^[0-9a-f]{12}$/);
    expect(keyId(key)).not.toContain('1234');
  });
});
