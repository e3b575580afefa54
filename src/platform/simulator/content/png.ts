/** A tiny valid grayscale PNG: a line drawing of a box with a diagonal, for AI39-2's line_drawing_base64. */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function lineDrawingPng(size = 24): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(size + 1, 0xff);
    row[0] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const edge = x === 2 || y === 2 || x === size - 3 || y === size - 3;
      const inside = x >= 2 && y >= 2 && x <= size - 3 && y <= size - 3;
      if (inside && (edge || x === y)) row[x + 1] = 0x00;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** As the published example shows it: a data URL. */
export const lineDrawingDataUrl = (): string => `data:image/png;base64,${lineDrawingPng().toString('base64')}`;
