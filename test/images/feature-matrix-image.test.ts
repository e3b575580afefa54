/** The feature-comparison picture decoded: its size, ink in every label, header and legend line, each cell's mark. */
import { describe, expect, test } from 'vitest';
import { renderFeatureMatrix, type CellVerdict } from '../../src/handlers/shared/images/feature-matrix-image.js';
import { colourCount, darkPixels, decodePng, type Decoded } from './png-ink.js';
import type { Region } from '../../src/handlers/shared/images/feature-matrix-image.js';
import { translatorFor } from '../../src/i18n/index.js';

/** Pixels that are not (near) white: a mark's ink, whatever its colour. */
function inked(image: Decoded, r: Region): number {
  let count = 0;
  for (let y = Math.round(r.y); y < Math.round(r.y + r.height); y++)
    for (let x = Math.round(r.x); x < Math.round(r.x + r.width); x++) {
      const i = (y * image.width + x) * 4;
      if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! < 600) count += 1;
    }
  return count;
}

const cells: CellVerdict[][] = [
  ['disclosed', 'not-disclosed', 'obvious'],
  ['not-compared', 'disclosed', 'not-disclosed'],
];

describe('renderFeatureMatrix', () => {
  test.each([
    [
      'English',
      ['A foldable phone hinge', 'A liquid-metal damping layer inside the hinge'],
      ['US20230992072A1 · Hinge assembly', 'CN109608170A · Damping', 'KR1 · Folding'],
    ],
    [
      'Chinese',
      ['一种可折叠手机铰链', '铰链内设置液态金属阻尼层'],
      ['CN114123456A · 一种折叠屏终端的铰链组件', 'CN109608170A · 阻尼结构', 'CN1 · 折叠机构'],
    ],
  ])('%s: ink in every feature, header and legend line; each cell shows its verdict', async (_lang, features, references) => {
    const picture = await renderFeatureMatrix({ features, references, cells }, translatorFor('en'));
    const image = decodePng(picture.png);
    expect([image.width, image.height]).toEqual([picture.width, picture.height]);
    expect(picture.width).toBeLessThanOrEqual(1600);
    expect(colourCount(image)).toBeGreaterThan(10);
    for (const region of [...picture.featureLabels, ...picture.headers, ...picture.legend]) expect(darkPixels(image, region)).toBeGreaterThan(60);
    const ink = (f: number, r: number) => inked(image, picture.cellRegions[f]![r]!);
    // a disclosed mark is a filled disc, an obvious one half filled, a not-disclosed one a ring, not compared a dot
    expect(ink(0, 0)).toBeGreaterThan(ink(0, 2));
    expect(ink(0, 2)).toBeGreaterThan(ink(0, 1));
    expect(ink(0, 1)).toBeGreaterThan(ink(1, 0));
    // the same verdict draws the same mark (up to anti-aliasing on another row)
    expect(Math.abs(ink(1, 1) - ink(0, 0))).toBeLessThan(ink(0, 0) * 0.05);
    expect(Math.abs(ink(1, 2) - ink(0, 1))).toBeLessThan(ink(0, 1) * 0.05);
    expect(ink(1, 0)).toBeGreaterThan(0);
    expect(ink(1, 0)).toBeLessThan(60);
  });

  test('past 20 features or 12 references the rest is left out and the picture says so', async () => {
    const features = Array.from({ length: 23 }, (_, i) => `Feature ${i + 1}`);
    const references = Array.from({ length: 14 }, (_, i) => `CN${100 + i}A`);
    const all: CellVerdict[][] = features.map(() => references.map(() => 'disclosed'));
    const picture = await renderFeatureMatrix({ features, references, cells: all }, translatorFor('en'));
    expect(picture.featureLabels).toHaveLength(20);
    expect(picture.headers).toHaveLength(12);
    const image = decodePng(picture.png);
    const lastLegend = picture.legend.at(-1)!;
    const below = { x: 0, y: lastLegend.y + lastLegend.height, width: image.width, height: image.height - lastLegend.y - lastLegend.height };
    expect(darkPixels(image, below)).toBeGreaterThan(300);
  });
});
