/**
 * The image link check of `/iip design`: internal addresses in every spelling the URL parser and the platform
 * could read are refused, public ones pass; host names are judged by what they resolve to (a fake resolver
 * stands in for DNS here; the e2e test resolves `localhost` for real).
 */
import { describe, expect, test } from 'vitest';
import { isInternalAddress } from '../../../src/handlers/design/internal-address.js';
import { imageAddressProblem, type ResolveAll } from '../../../src/handlers/design/image-address.js';
import { translatorFor } from '../../../src/i18n/index.js';

const INTERNAL_URLS = [
  'https://127.0.0.1/a.png',
  'https://127.8.9.10/a.png',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.5/a.png',
  'https://172.16.0.1/a.png',
  'https://172.31.255.255/a.png',
  'https://192.168.1.1/a.png',
  'https://100.100.100.200/a.png',
  'https://192.0.0.192/a.png',
  'https://0.0.0.0/a.png',
  'https://255.255.255.255/a.png',
  'https://224.0.0.1/a.png',
  // other spellings of 127.0.0.1 and 169.254.169.254: decimal, hex, octal, short forms
  'https://2130706433/a.png',
  'https://0x7f000001/a.png',
  'https://0x7f.0.0.1/a.png',
  'https://0177.0.0.1/a.png',
  'https://127.1/a.png',
  'https://2852039166/a.png',
  'https://0xA9.0xFE.0xA9.0xFE/a.png',
  // IPv6, and IPv4 inside IPv6
  'https://[::1]/a.png',
  'https://[::]/a.png',
  'https://[0:0:0:0:0:0:0:1]/a.png',
  'https://[fe80::1]/a.png',
  'https://[fc00::1]/a.png',
  'https://[fd00:ec2::254]/a.png',
  'https://[ff02::1]/a.png',
  'https://[::ffff:127.0.0.1]/a.png',
  'https://[::ffff:7f00:1]/a.png',
  'https://[::ffff:169.254.169.254]/a.png',
  'https://[::ffff:10.0.0.1]/a.png',
  'https://[::127.0.0.1]/a.png',
  'https://[64:ff9b::a9fe:a9fe]/a.png',
  'https://[2002:7f00:1::]/a.png',
  // internal by name
  'https://localhost/a.png',
  'https://LOCALHOST./a.png',
  'https://printer.local/a.png',
  'https://metadata.google.internal/computeMetadata/v1/',
];

const PUBLIC_URLS = [
  'https://93.184.215.14/a.png',
  'https://8.8.8.8/a.png',
  'https://[2606:4700::1111]/a.png',
  'https://[::ffff:8.8.8.8]/a.png',
  'https://172.32.0.1/a.png',
];

const en = translatorFor('en');
const noDns: ResolveAll = () => Promise.reject(new Error('no lookup expected'));

describe('the addresses', () => {
  test.each(INTERNAL_URLS)('%s is internal', async (url) => {
    expect(await imageAddressProblem(url, en, noDns)).toMatch(/internal address .* Nothing was sent\.$/);
  });
  test.each(PUBLIC_URLS)('%s is public', async (url) => {
    expect(await imageAddressProblem(url, en, noDns)).toBeUndefined();
  });
  test('anything not an IP address is not judged as one', () => {
    expect(isInternalAddress('example.com')).toBe(false);
    expect(isInternalAddress('')).toBe(false);
  });
});

describe('host names', () => {
  const resolving =
    (answers: Record<string, string[] | NodeJS.ErrnoException>): ResolveAll =>
    async (host) => {
      const answer = answers[host];
      if (answer === undefined) throw new Error(`unexpected lookup of ${host}`);
      if (answer instanceof Error) throw answer;
      return answer;
    };
  const failure = (code: string) => Object.assign(new Error(code), { code });

  test('a name that resolves to an internal address, among public ones, is refused', async () => {
    const dns = resolving({ 'img.attacker.example': ['93.184.215.14', '::ffff:169.254.169.254'], 'rebind.example': ['10.1.2.3'] });
    expect(await imageAddressProblem('https://img.attacker.example/a.png', en, dns)).toContain('`img.attacker.example`');
    expect(await imageAddressProblem('https://rebind.example/a.png', en, dns)).toContain('internal address');
  });

  test('a name that resolves to public addresses only passes; one that does not exist is left to the platform', async () => {
    const dns = resolving({
      'images.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      'gone.example': failure('ENOTFOUND'),
    });
    expect(await imageAddressProblem('https://images.example.com/a.png', en, dns)).toBeUndefined();
    expect(await imageAddressProblem('https://gone.example/a.png', en, dns)).toBeUndefined();
  });

  test('a resolver that cannot answer refuses the link for now, with a try-again', async () => {
    const dns = resolving({ 'slow.example': failure('EAI_AGAIN') });
    expect(await imageAddressProblem('https://slow.example/a.png', en, dns)).toMatch(
      /could not be checked just now; try again .* Nothing was sent\.$/,
    );
  });
});
