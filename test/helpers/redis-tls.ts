/** A Redis that speaks only TLS, with a CA, server and client certificates (and an unrelated CA) made by openssl. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, pingOnce, scratch, startRedisProcess, type RedisProcess } from './redis-servers.js';

export interface TlsFiles {
  dir: string;
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** a CA that signed none of these */
  otherCa: string;
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate signed by it, and an unrelated CA. */
export function makeTlsFiles(): TlsFiles {
  const dir = scratch();
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ca = (name: string) => {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      at(`${name}.key`),
      '-out',
      at(`${name}.pem`),
    );
  };
  ca('ca');
  ca('other-ca');
  const signed = (name: string, ext: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${name}`, '-keyout', at(`${name}.key`), '-out', at(`${name}.csr`));
    writeFileSync(at(`${name}.ext`), ext);
    openssl(
      'x509',
      '-req',
      '-in',
      at(`${name}.csr`),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      at(`${name}.ext`),
      '-out',
      at(`${name}.pem`),
    );
  };
  signed('server', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  signed('client', 'extendedKeyUsage=clientAuth\n');
  return {
    dir,
    ca: at('ca.pem'),
    serverCert: at('server.pem'),
    serverKey: at('server.key'),
    clientCert: at('client.pem'),
    clientKey: at('client.key'),
    otherCa: at('other-ca.pem'),
  };
}

/** A Redis that speaks only TLS; `clients: 'yes'` also requires a client certificate signed by the CA. */
export async function startTlsRedis(files: TlsFiles, clients: 'yes' | 'no'): Promise<RedisProcess> {
  const port = await freePort();
  return startRedisProcess(
    [
      '--port',
      '0',
      '--tls-port',
      String(port),
      '--tls-cert-file',
      files.serverCert,
      '--tls-key-file',
      files.serverKey,
      '--tls-ca-cert-file',
      files.ca,
      '--tls-auth-clients',
      clients,
    ],
    (p) => pingOnce(p, { ca: readFileSync(files.ca), cert: readFileSync(files.clientCert), key: readFileSync(files.clientKey) }),
  );
}
