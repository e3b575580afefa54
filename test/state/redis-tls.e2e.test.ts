/**
 * Redis over TLS, against a real redis-server that speaks only TLS with certificates made for the test: the stores
 * connect with the CA (and a client certificate where the server requires one), a wrong CA or a missing client
 * certificate is refused, and a start that cannot connect names the variable to fix.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { RedisStateStore } from '../../src/state/redis-store.js';
import { openStateStore } from '../../src/stores.js';
import { silentLogger } from '../../src/log.js';
import { removeRedisScratch, type RedisProcess } from '../helpers/redis-servers.js';
import { makeTlsFiles, startTlsRedis, type TlsFiles } from '../helpers/redis-tls.js';
import { newThread, recordInput } from './helpers.js';

let files: TlsFiles;
let open: RedisProcess;
let mutual: RedisProcess;
beforeAll(async () => {
  files = makeTlsFiles();
  [open, mutual] = await Promise.all([startTlsRedis(files, 'no'), startTlsRedis(files, 'yes')]);
}, 30_000);
afterAll(async () => {
  await Promise.all([open?.kill(), mutual?.kill()]);
  removeRedisScratch();
});

const url = (server: RedisProcess) => `rediss://127.0.0.1:${server.port}`;
const keyPrefix = () => `iip-test-tls:${randomUUID()}:`;

describe('Redis over TLS', () => {
  test('rediss:// with the CA: records are written and read back', async () => {
    const store = await RedisStateStore.connect({ url: url(open), tls: { caFile: files.ca } }, { keyPrefix: keyPrefix() });
    try {
      const thread = newThread();
      const written = await store.compareAndSet(thread, 0, recordInput(thread));
      expect(written?.version).toBe(1);
      expect((await store.get(thread))?.thread).toBe(thread);
    } finally {
      await store.close();
    }
  });

  test('a server certificate from another CA is refused', async () => {
    await expect(RedisStateStore.connect({ url: url(open), tls: { caFile: files.otherCa } }, { keyPrefix: keyPrefix() })).rejects.toThrow(
      /certificate/i,
    );
  });

  test('a server that requires client certificates: refused without one, served with one', async () => {
    await expect(RedisStateStore.connect({ url: url(mutual), tls: { caFile: files.ca } }, { keyPrefix: keyPrefix() })).rejects.toThrow();
    const store = await RedisStateStore.connect(
      { url: url(mutual), tls: { caFile: files.ca, certFile: files.clientCert, keyFile: files.clientKey } },
      { keyPrefix: keyPrefix() },
    );
    await store.close();
  });

  test('from the environment: REDIS_URL with REDIS_TLS_* connects; a wrong CA or an unreadable file fails the start naming the variable', async () => {
    const env = { REDIS_URL: url(mutual), REDIS_TLS_CA_FILE: files.ca, REDIS_TLS_CERT_FILE: files.clientCert, REDIS_TLS_KEY_FILE: files.clientKey };
    const store = await openStateStore(loadConfig({ ...env, REDIS_KEY_PREFIX: keyPrefix() }), silentLogger);
    await store.close();

    const wrongCa = openStateStore(loadConfig({ ...env, REDIS_TLS_CA_FILE: files.otherCa }), silentLogger);
    await expect(wrongCa).rejects.toThrow(`REDIS_URL rediss://127.0.0.1:${mutual.port}: the server's certificate is not signed by a trusted CA`);
    const missing = openStateStore(loadConfig({ ...env, REDIS_TLS_CA_FILE: '/nonexistent/ca.pem' }), silentLogger);
    await expect(missing).rejects.toThrow(/^REDIS_TLS_CA_FILE \/nonexistent\/ca\.pem: /);
  });

  test('a client certificate without its key is a configuration problem, told before anything connects', () => {
    expect(() => loadConfig({ REDIS_URL: url(mutual), REDIS_TLS_CERT_FILE: files.clientCert })).toThrow(/REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE/);
  });
});
