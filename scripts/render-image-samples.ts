/** Renders the pictures the README shows (docs/images/): a solution mind map and a feature comparison, in English and in Chinese. */
import { writeFileSync } from 'node:fs';
import { renderFeatureMatrix, type FeatureMatrix } from '../src/handlers/shared/images/feature-matrix-image.js';
import { renderMindMap } from '../src/handlers/shared/images/mind-map-image.js';
import { mindTree, solutionNodes, type MindMap } from '../src/handlers/shared/mind-map.js';
import { mindMapCells } from '../src/platform/simulator/content/mindmap.js';

const mapOf = (scope: string, topic: string, branches: string[]): MindMap =>
  ({
    title: topic,
    cells: mindMapCells(
      scope,
      topic,
      branches.map((title) => ({ title, detail: '' })),
    ).cells,
  }) as unknown as MindMap;

const maps: Record<string, MindMap> = {
  en: mapOf('en', 'Improve the UV protection of a zinc-oxide sunscreen without whitening', [
    'Particle size engineering',
    'Surface coating and dispersion',
    'Hybrid organic-inorganic filters',
  ]),
  cn: mapOf('cn', '在不增加成本的前提下提高锂电池负极的能量密度', ['硅碳复合负极材料', '预锂化工艺优化', '新型粘结剂与导电网络']),
};

for (const [name, map] of Object.entries(maps)) {
  const roots = mindTree(map);
  const picture = await renderMindMap(roots, new Map(solutionNodes(roots).map((n, i) => [n.id, i + 1] as const)));
  writeFileSync(`docs/images/mind-map-${name}.png`, picture.png);
  console.log(`docs/images/mind-map-${name}.png: ${picture.width}×${picture.height}, ${picture.png.length} bytes`);
}

const matrices: Record<string, FeatureMatrix> = {
  en: {
    features: ['A foldable phone hinge', 'A liquid-metal damping layer inside the hinge', 'Damping that adapts to the folding speed'],
    references: [
      'US20230992072A1 · Hinge assembly for a foldable display device',
      'CN109608170A · Damping structure using a viscous fluid',
      'KR102345678B1 · Folding mechanism with a friction plate',
    ],
    cells: [
      ['disclosed', 'disclosed', 'disclosed'],
      ['not-disclosed', 'obvious', 'not-disclosed'],
      ['not-disclosed', 'not-compared', 'obvious'],
    ],
  },
  cn: {
    features: ['一种可折叠手机铰链', '铰链内设置液态金属阻尼层', '阻尼随折叠速度自适应变化'],
    references: ['CN114123456A · 一种折叠屏终端的铰链组件', 'CN109608170A · 基于黏性流体的阻尼结构', 'CN112233445B · 带摩擦片的折叠机构'],
    cells: [
      ['disclosed', 'disclosed', 'disclosed'],
      ['not-disclosed', 'obvious', 'not-disclosed'],
      ['not-disclosed', 'not-compared', 'obvious'],
    ],
  },
};

for (const [name, matrix] of Object.entries(matrices)) {
  const picture = await renderFeatureMatrix(matrix);
  writeFileSync(`docs/images/feature-matrix-${name}.png`, picture.png);
  console.log(`docs/images/feature-matrix-${name}.png: ${picture.width}×${picture.height}, ${picture.png.length} bytes`);
}
