/**
 * Whether an IP address is one the platform must never be sent to fetch: loopback, private, link-local (cloud
 * metadata at 169.254.169.254 included), shared, unique-local, multicast, reserved or unspecified, in IPv4 or IPv6,
 * and IPv4 written inside IPv6 (mapped `::ffff:…`, compatible `::…`, NAT64 `64:ff9b::…`, 6to4 `2002:…`).
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const V4_BLOCKS: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier NAT; Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6_BLOCKS: ReadonlyArray<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique-local (AWS's metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [address, prefix] of V4_BLOCKS) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of V6_BLOCKS) blocked.addSubnet(address, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted quad read as two groups). */
function groupsOf(address: string): number[] {
  let text = address;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const before = part(head);
  const after = part(tail);
  return tail === undefined ? before : [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

const v4Of = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64 or 6to4), if it carries one. */
function embeddedV4(address: string): string | undefined {
  const g = groupsOf(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!);
  return undefined;
}

/** True for an address the platform must not fetch from; false for a public one and for anything not an IP. */
export function isInternalAddress(raw: string): boolean {
  const address = raw.replace(/^\[|\]$/g, '');
  if (isIPv4(address)) return blocked.check(address, 'ipv4');
  if (!isIPv6(address)) return false;
  if (blocked.check(address, 'ipv6')) return true;
  const v4 = embeddedV4(address);
  return v4 !== undefined && blocked.check(v4, 'ipv4');
}
