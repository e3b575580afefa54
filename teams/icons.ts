/**
 * Draws the Teams app icons with nothing but node:zlib: a white magnifying glass (patent search) on the accent
 * colour, 192×192 (`color.png`), and the same glyph in white on transparent, 32×32 (`outline.png`), as Teams
 * asks. Shapes are sampled 4×4 per pixel for smooth edges. Run `npx tsx teams/icons.ts` to rewrite both files.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
export const ACCENT: Rgba = [0x4f, 0x46, 0xe5, 0xff];
const WHITE: Rgba = [0xff, 0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of `size`×`size` pixels. */
export function encodePng(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y += 1) {
    const start = y * (1 + size * 4);
    rows[start] = 0;
    for (let x = 0; x < size; x += 1) rows.set(pixel(x, y), start + 1 + x * 4);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Distance from point p to the segment a–b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The magnifying glass in unit coordinates: a ring and a round-capped handle; `weight` thickens it for small sizes. */
function glass(x: number, y: number, weight: number): boolean {
  const ring = Math.abs(Math.hypot(x - 0.43, y - 0.43) - 0.19) <= 0.035 * weight;
  const handle = segmentDistance(x, y, 0.575, 0.575, 0.74, 0.74) <= 0.045 * weight;
  return ring || handle;
}

function coverage(size: number, x: number, y: number, weight: number): number {
  let hits = 0;
  for (let i = 0; i < 4; i += 1) {
    for (let j = 0; j < 4; j += 1) if (glass((x + (i + 0.5) / 4) / size, (y + (j + 0.5) / 4) / size, weight)) hits += 1;
  }
  return hits / 16;
}

const mix = (a: Rgba, b: Rgba, t: number): Rgba => [0, 1, 2, 3].map((i) => Math.round((a[i] as number) * (1 - t) + (b[i] as number) * t)) as Rgba;

/** 192×192: the glyph in white on the accent colour, edge to edge. */
export const colorIcon = (): Buffer => encodePng(192, (x, y) => mix(ACCENT, WHITE, coverage(192, x, y, 1)));

/** 32×32: the glyph in white, everything else transparent. */
export const outlineIcon = (): Buffer =>
  encodePng(32, (x, y) => [0xff, 0xff, 0xff, Math.round(255 * coverage(32, x, y, 1.6))]);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('./color.png', import.meta.url), colorIcon());
  writeFileSync(new URL('./outline.png', import.meta.url), outlineIcon());
}
