/** Decoding a rendered PNG (pngjs) and looking at it: its size, whether it is blank, how much ink a region holds. */
import { PNG } from 'pngjs';

export interface Decoded {
  width: number;
  height: number;
  data: Buffer;
}

export const decodePng = (png: Buffer): Decoded => PNG.sync.read(png);

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels in the region dark enough to be text (luminance under 110 of 255). */
export function darkPixels(image: Decoded, region: Region): number {
  let dark = 0;
  const x1 = Math.min(image.width, Math.round(region.x + region.width));
  const y1 = Math.min(image.height, Math.round(region.y + region.height));
  for (let y = Math.max(0, Math.round(region.y)); y < y1; y++) {
    for (let x = Math.max(0, Math.round(region.x)); x < x1; x++) {
      const i = (y * image.width + x) * 4;
      const luminance = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
      if (luminance < 110) dark += 1;
    }
  }
  return dark;
}

/** How many distinct colours the image has (a blank one has one). */
export function colourCount(image: Decoded): number {
  const colours = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4) colours.add(image.data.readUInt32BE(i));
  return colours.size;
}

/** The region's pixels as a string of dark/light marks, to compare two drawings of the same place. */
export function inkPattern(image: Decoded, region: Region): string {
  let out = '';
  for (let y = Math.round(region.y); y < Math.round(region.y + region.height); y++) {
    for (let x = Math.round(region.x); x < Math.round(region.x + region.width); x++)
      out += darkPixels(image, { x, y, width: 1, height: 1 }) ? '#' : '.';
  }
  return out;
}
