/**
 * Renders the pictures the README shows (docs/images/): a solution mind map (AI33), a material technical mind map
 * (AI73) and a feature comparison (AI35), each in English and in Chinese, with the bot's own drawing code; the
 * Chinese ones from Chinese sample data, their legends and notes in the bot's Chinese. `renderSamples` is what
 * test/images/samples.test.ts draws again; `npx tsx scripts/render-image-samples.ts` writes the files.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { renderFeatureMatrix, type FeatureMatrix } from '../src/handlers/shared/images/feature-matrix-image.js';
import { renderMindMap, type LabelBox } from '../src/handlers/shared/images/mind-map-image.js';
import { mindTree, solutionNodes, type MindCell, type MindMap } from '../src/handlers/shared/mind-map.js';
import { translatorFor, type Lang } from '../src/i18n/index.js';

export const SAMPLES_DIR = 'docs/images';

export interface Sample {
  /** the file's name in docs/images */
  file: string;
  png: Buffer;
  width: number;
  height: number;
  /** a mind map's label boxes (where each label's ink should be) */
  boxes?: LabelBox[];
}

/** A branch of a map: its title and the solutions under it. */
type Branch = readonly [title: string, solutions: readonly string[]];

/** A mind map as AI33-6 and AI73-5 return it (nodes and the edges between them): the problem, its branches, their solutions. */
function mapOf(problem: string, branches: readonly Branch[]): MindMap {
  const node = (id: string, title: string): MindCell => ({ id, shape: 'solution-node', data: { node_id: id, sys_title: title } });
  const edge = (from: string, to: string): MindCell => ({ id: `${from}>${to}`, shape: 'default-edge', source: { cell: from }, target: { cell: to } });
  const cells: MindCell[] = [node('root', problem)];
  branches.forEach(([title, solutions], b) => {
    cells.push(node(`b${b}`, title), edge('root', `b${b}`));
    solutions.forEach((solution, s) => cells.push(node(`b${b}s${s}`, solution), edge(`b${b}`, `b${b}s${s}`)));
  });
  return { title: problem, cells };
}

const SOLUTION_MAPS: Record<'en' | 'cn', MindMap> = {
  en: mapOf('Improve the energy density of lithium battery anodes without raising cost', [
    ['Silicon-carbon composite anodes', ['Nano-silicon in a porous carbon scaffold', 'Silicon oxide blended into graphite']],
    ['Prelithiation', ['Stabilised lithium powder added to the anode', 'Roll-to-roll electrochemical prelithiation']],
    ['Binders and conductive networks', ['Self-healing polymer binder', 'Single-walled carbon nanotube network']],
  ]),
  cn: mapOf('在不增加成本的前提下提高锂电池负极的能量密度', [
    ['硅碳复合负极材料', ['纳米硅嵌入多孔碳骨架', '氧化亚硅与石墨掺混']],
    ['预锂化工艺优化', ['负极中加入稳定化锂粉', '卷对卷电化学预锂化']],
    ['新型粘结剂与导电网络', ['自修复聚合物粘结剂', '单壁碳纳米管导电网络']],
  ]),
};

/** AI73-5's technical mind map: the problem, the recommended solutions the user confirmed, the routes under each. */
const MATERIAL_MAPS: Record<'en' | 'cn', MindMap> = {
  en: mapOf('Improve the UV protection of a zinc-oxide sunscreen without whitening', [
    ['Silicone-modified ZnO', ['Triethoxycaprylylsilane surface treatment', 'Dimethicone-coated nanoparticles']],
    ['Microencapsulation', ['Silica shells around the ZnO particles', 'Polymer microcapsules in the oil phase']],
    ['Transition-metal doping', ['Iron-doped ZnO to shift the absorption edge', 'Rare-earth co-doping for wider UVA cover']],
  ]),
  cn: mapOf('在不泛白的前提下提高氧化锌防晒霜的紫外防护能力', [
    ['有机硅改性氧化锌', ['辛基三乙氧基硅烷表面处理', '聚二甲基硅氧烷包覆纳米颗粒']],
    ['微胶囊包埋技术', ['二氧化硅壳层包覆氧化锌', '油相中的聚合物微胶囊']],
    ['过渡金属掺杂', ['铁掺杂氧化锌调节吸收边', '稀土共掺杂拓宽长波紫外防护']],
  ]),
};

const CELLS: FeatureMatrix['cells'] = [
  ['disclosed', 'disclosed', 'disclosed'],
  ['not-disclosed', 'obvious', 'not-disclosed'],
  ['not-disclosed', 'not-compared', 'obvious'],
];

const MATRICES: Record<'en' | 'cn', FeatureMatrix> = {
  en: {
    features: ['A foldable phone hinge', 'A liquid-metal damping layer inside the hinge', 'Damping that adapts to the folding speed'],
    references: [
      'US20230992072A1 · Hinge assembly for a foldable display device',
      'CN109608170A · Damping structure using a viscous fluid',
      'KR102345678B1 · Folding mechanism with a friction plate',
    ],
    cells: CELLS,
  },
  cn: {
    features: ['一种可折叠手机铰链', '铰链内设置液态金属阻尼层', '阻尼随折叠速度自适应变化'],
    references: ['CN114123456A · 一种折叠屏终端的铰链组件', 'CN109608170A · 基于黏性流体的阻尼结构', 'CN112233445B · 带摩擦片的折叠机构'],
    cells: CELLS,
  },
};

/** The language the bot's own words in a picture (legends, notes) are drawn in. */
const LANG: Record<'en' | 'cn', Lang> = { en: 'en', cn: 'zh' };

/** Every sample, drawn as the bot draws it: solutions numbered as in the outline, the material map as AI73's step shows it. */
export async function renderSamples(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const lang of ['en', 'cn'] as const) {
    const t = translatorFor(LANG[lang]);
    const solution = mindTree(SOLUTION_MAPS[lang], t);
    const numbered = new Map(solutionNodes(solution).map((n, i) => [n.id, i + 1] as const));
    const solutionPicture = await renderMindMap(solution, t, numbered);
    samples.push({ file: `mind-map-${lang}.png`, ...solutionPicture });
    const materialPicture = await renderMindMap(mindTree(MATERIAL_MAPS[lang], t), t);
    samples.push({ file: `material-map-${lang}.png`, ...materialPicture });
    const { png, width, height } = await renderFeatureMatrix(MATRICES[lang], t);
    samples.push({ file: `feature-matrix-${lang}.png`, png, width, height });
  }
  return samples;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const sample of await renderSamples()) {
    writeFileSync(`${SAMPLES_DIR}/${sample.file}`, sample.png);
    process.stdout.write(`${SAMPLES_DIR}/${sample.file}: ${sample.width}×${sample.height}, ${sample.png.length} bytes\n`);
  }
}
