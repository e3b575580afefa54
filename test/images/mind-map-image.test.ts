/** The mind-map picture decoded: its size, not blank, ink inside every label, Chinese glyphs drawn, limits, its note in Chinese. */
import { describe, expect, test } from 'vitest';
import { MAX_PICTURE_WIDTH, renderMindMap, type LabelBox } from '../../src/handlers/shared/images/mind-map-image.js';
import { mindTree, solutionNodes, titleOf, type MindMap, type MindNode } from '../../src/handlers/shared/mind-map.js';
import { translatorFor, type Lang } from '../../src/i18n/index.js';
import { mindMapCells } from '../../src/platform/simulator/content/mindmap.js';
import { colourCount, darkPixels, decodePng, inkPattern, type Decoded } from './png-ink.js';

const en = translatorFor('en');

const node = (id: string, title: string, depth: number, children: MindNode[] = []): MindNode => ({
  id,
  data: { sys_title: title },
  depth,
  children,
  path: [],
});

const mapOf = (topic: string, branches: string[]): MindNode[] =>
  mindTree(
    {
      title: topic,
      cells: mindMapCells(
        'test',
        topic,
        branches.map((title) => ({ title, detail: '' })),
      ).cells,
    } as unknown as MindMap,
    en,
  );

/** Every label has ink on each of its lines, inside its box (the box's border left out). */
function expectInkInEveryLabel(image: Decoded, boxes: LabelBox[]) {
  for (const b of boxes) {
    const lineHeight = b.height / b.lines.length;
    const inner = { x: b.x + 6, y: b.y + 4, width: b.width - 12, height: b.height - 8 };
    expect(darkPixels(image, inner), `ink in "${b.lines.join(' ')}"`).toBeGreaterThan(b.lines.join('').length * 8);
    expect(lineHeight).toBeGreaterThan(b.fontSize);
  }
}

describe('renderMindMap', () => {
  test('an English map: a PNG of the laid-out size, not blank, ink in every label, solutions numbered, legible when halved', async () => {
    const roots = mapOf('Improve the UV protection of a zinc-oxide sunscreen without whitening', ['Particle size', 'Surface coating']);
    const numbered = new Map(solutionNodes(roots).map((n, i) => [n.id, i + 1] as const));
    const picture = await renderMindMap(roots, en, numbered);
    const image = decodePng(picture.png);
    expect([image.width, image.height]).toEqual([picture.width, picture.height]);
    expect(colourCount(image)).toBeGreaterThan(10);
    expect(picture.boxes).toHaveLength(7);
    expect(picture.boxes.filter((b) => /^\d\. /.test(b.lines[0]!)).map((b) => b.lines[0]!.slice(0, 2))).toEqual(['1.', '2.', '3.', '4.']);
    expectInkInEveryLabel(image, picture.boxes);
    // shown at half its width (a chat's preview), the smallest text is still 11 px high
    expect(picture.width).toBeLessThanOrEqual(1600);
    expect(Math.min(...picture.boxes.map((b) => b.fontSize)) / 2).toBeGreaterThanOrEqual(11);
    // the space between the columns holds no text: only the curves cross it
    const root = picture.boxes[0]!;
    const gap = { x: root.x + root.width + 4, y: 0, width: 40, height: picture.height };
    expect(darkPixels(image, gap)).toBeLessThan(darkPixels(image, root) / 4);
  });

  test('a Chinese map: every label inked, and different characters draw different shapes (the font has the glyphs)', async () => {
    const picture = await renderMindMap(mapOf('在不增加成本的前提下提高锂电池负极的能量密度', ['硅碳复合负极材料', '预锂化工艺优化']), en);
    const image = decodePng(picture.png);
    expectInkInEveryLabel(image, picture.boxes);
    const one = decodePng((await renderMindMap([node('a', '硅碳', 0)], en)).png);
    const other = decodePng((await renderMindMap([node('a', '碳硅', 0)], en)).png);
    const tofu = decodePng((await renderMindMap([node('a', '\u4dff\u4dfe', 0)], en)).png); // hexagram signs: not in the subset
    const region = { x: 24, y: 24, width: 90, height: 50 };
    expect(inkPattern(one, region)).not.toEqual(inkPattern(other, region));
    expect(darkPixels(one, region)).toBeGreaterThan(150);
    expect(darkPixels(one, region)).not.toEqual(darkPixels(tofu, region));
  });

  test('long labels wrap into at most three lines ending with an ellipsis; XML characters are drawn as text', async () => {
    const long =
      'A very long direction title that goes on and on about coatings, dispersions and particle sizes, then about dispersants, their dosage, the milling time and the final viscosity';
    const picture = await renderMindMap([node('r', 'Root <&> "quotes"', 0, [node('c', long, 1)])], en);
    const [root, child] = picture.boxes;
    expect(root!.lines).toEqual(['Root <&> "quotes"']);
    expect(child!.lines).toHaveLength(3);
    expect(child!.lines[2]!.endsWith('…')).toBe(true);
    expectInkInEveryLabel(decodePng(picture.png), picture.boxes);
  });

  test('sibling leaves too long to show whole are cut before the words that tell them apart, which stay readable', async () => {
    const stem = 'Amphiphilic block copolymer dispersion of surface-treated zinc oxide nanoparticles in a silicone oil phase';
    const zhStem = '两亲性嵌段共聚物分散表面处理的氧化锌纳米颗粒于硅油相中并控制粒径分布以减少泛白同时保持防护效果';
    const picture = await renderMindMap(
      [
        node('r', 'Root', 0, [
          node('a', 'Dispersion', 1, [node('a1', `${stem} — option 1`, 2), node('a2', `${stem} — option 2`, 2), node('a3', 'Milling', 2)]),
          node('b', '分散', 1, [node('b1', `${zhStem}——方案一`, 2), node('b2', `${zhStem}——方案二`, 2)]),
        ]),
      ],
      en,
    );
    const shown = (id: string) => picture.boxes.find((b) => b.id === id)!.lines.join(' ');
    // each fits its three lines and reads differently from its sibling, its own ending kept after the cut
    expect(shown('a1')).toMatch(/^Amphiphilic .*… — option 1$/);
    expect(shown('a2')).toMatch(/^Amphiphilic .*… — option 2$/);
    expect(shown('b1')).toMatch(/^两亲性.*… .*方案一$/);
    expect(shown('b2')).toMatch(/^两亲性.*… .*方案二$/);
    expect(new Set(['a1', 'a2', 'b1', 'b2'].map(shown)).size).toBe(4);
    for (const id of ['a1', 'a2', 'b1', 'b2']) expect(picture.boxes.find((b) => b.id === id)!.lines.length).toBeLessThanOrEqual(3);
    // a short sibling is shown whole
    expect(shown('a3')).toBe('Milling');
    expectInkInEveryLabel(decodePng(picture.png), picture.boxes);
  });

  test('past 60 nodes the rest is left out and the picture says how many, pointing to the outline', async () => {
    const branches = Array.from({ length: 8 }, (_, b) =>
      node(
        `b${b}`,
        `Branch ${b + 1}`,
        1,
        Array.from({ length: 9 }, (_, s) => node(`s${b}-${s}`, `Option ${b + 1}.${s + 1}`, 2)),
      ),
    );
    const picture = await renderMindMap([node('root', 'Root', 0, branches)], en);
    expect(picture.boxes).toHaveLength(60);
    expect(picture.omitted).toBe(81 - 60);
    const image = decodePng(picture.png);
    const lowest = Math.max(...picture.boxes.map((b) => b.y + b.height));
    expect(darkPixels(image, { x: 0, y: lowest + 4, width: 500, height: image.height - lowest - 4 })).toBeGreaterThan(300);
  });

  test('in Chinese the left-out note and an untitled node are Chinese (plural forms in English)', async () => {
    const branches = (count: number) =>
      Array.from({ length: 8 }, (_, b) =>
        node(
          `b${b}`,
          `分支 ${b + 1}`,
          1,
          Array.from({ length: count }, (_, s) => node(`s${b}-${s}`, `方案 ${b + 1}.${s + 1}`, 2)),
        ),
      );
    const root = (lang: Lang, count: number) => renderMindMap([node('root', '根', 0, branches(count))], translatorFor(lang));
    const noteOf = async (lang: Lang, count: number) => {
      const picture = await root(lang, count);
      const image = decodePng(picture.png);
      const lowest = Math.max(...picture.boxes.map((b) => b.y + b.height));
      return { picture, region: { x: 0, y: lowest + 4, width: image.width, height: image.height - lowest - 4 }, image };
    };
    const zh = await noteOf('zh', 9);
    const en = await noteOf('en', 9);
    expect(zh.picture.omitted).toBe(21);
    expect(darkPixels(zh.image, zh.region)).toBeGreaterThan(300);
    expect(inkPattern(zh.image, zh.region)).not.toEqual(inkPattern(en.image, en.region));
    expect(translatorFor('zh')('shared:mindMap.more', { count: 21 })).toBe('另有 21 个节点未画出，详见大纲');
    expect(translatorFor('en')('shared:mindMap.more', { count: 21 })).toBe('+ 21 more nodes: see the outline');
    expect(translatorFor('en')('shared:mindMap.more', { count: 1 })).toBe('+ 1 more node: see the outline');
    expect(titleOf({ sys_title: ' ' }, translatorFor('zh'))).toBe('（无标题）');
    expect(titleOf({}, translatorFor('en'))).toBe('(untitled)');
  });

  test('a deep map narrows its labels to stay within the width a preview can show legibly', async () => {
    let chain = node('d5', 'The deepest level with a fairly long title of its own', 5);
    for (let d = 4; d >= 0; d--) chain = node(`d${d}`, `Level ${d} with a fairly long title that needs wrapping`, d, [chain]);
    const picture = await renderMindMap([chain], en);
    expect(picture.width).toBeLessThanOrEqual(MAX_PICTURE_WIDTH);
    expect(picture.boxes).toHaveLength(6);
    expectInkInEveryLabel(decodePng(picture.png), picture.boxes);
  });
});
