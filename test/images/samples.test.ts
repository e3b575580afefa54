/**
 * The README's pictures (docs/images/) are what scripts/render-image-samples.ts draws today: each committed PNG
 * decodes, has the size the same code draws it at, and is byte for byte the same (the rendering is deterministic:
 * resvg in WebAssembly with the bundled font); every label has ink, the Chinese maps hold no Latin letters, and the
 * README shows every sample.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { renderSamples, SAMPLES_DIR, type Sample } from '../../scripts/render-image-samples.js';
import { colourCount, darkPixels, decodePng } from './png-ink.js';

let samples: Sample[] = [];
beforeAll(async () => {
  samples = await renderSamples();
}, 60_000);

const committed = (file: string): Buffer => readFileSync(`${SAMPLES_DIR}/${file}`);

describe('docs/images samples', () => {
  test('are the solution and material mind maps and the feature comparison, in English and Chinese', () => {
    expect(samples.map((s) => s.file).sort()).toEqual([
      'feature-matrix-cn.png',
      'feature-matrix-en.png',
      'material-map-cn.png',
      'material-map-en.png',
      'mind-map-cn.png',
      'mind-map-en.png',
    ]);
  });

  test('each committed PNG decodes at the size the code draws it, not blank, and is what the code draws now', () => {
    for (const sample of samples) {
      const file = committed(sample.file);
      const image = decodePng(file);
      expect({ file: sample.file, width: image.width, height: image.height }).toEqual({
        file: sample.file,
        width: sample.width,
        height: sample.height,
      });
      expect(decodePng(sample.png)).toMatchObject({ width: sample.width, height: sample.height });
      expect(colourCount(image), sample.file).toBeGreaterThan(20);
      expect(file.equals(sample.png), `${sample.file} is stale: run npx tsx scripts/render-image-samples.ts`).toBe(true);
    }
  });

  test('every mind-map label has ink; the Chinese maps are Chinese throughout', () => {
    for (const sample of samples.filter((s) => s.boxes)) {
      const image = decodePng(sample.png);
      for (const box of sample.boxes!) {
        const inner = { x: box.x + 6, y: box.y + 4, width: box.width - 12, height: box.height - 8 };
        expect(darkPixels(image, inner), `ink in "${box.lines.join(' ')}" (${sample.file})`).toBeGreaterThan(box.lines.join('').length * 8);
      }
      if (sample.file.endsWith('-cn.png')) {
        const labels = sample.boxes!.map((b) => b.lines.join(''));
        expect(
          labels.filter((label) => /[A-Za-z]/.test(label)),
          sample.file,
        ).toEqual([]);
        expect(labels.every((label) => /\p{Script=Han}/u.test(label))).toBe(true);
      }
    }
  });

  test('the README shows every sample', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const sample of samples) expect(readme).toContain(`](${SAMPLES_DIR}/${sample.file})`);
  });
});
