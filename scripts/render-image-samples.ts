/** Renders the pictures the README shows (docs/images/): a solution mind map in English and one in Chinese. */
import { writeFileSync } from 'node:fs';
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
