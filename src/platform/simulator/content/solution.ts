/** AI33 find-solution content: recommended constraints, technical directions and the agent's narrated steps. */
import { keywordsOf } from './patents.js';
import { rngFrom, topicOf } from './random.js';

const CONSTRAINTS: readonly (readonly [string, string])[] = [
  ['Cost increase ≤ 15 %', '成本增幅≤15%'],
  ['No loss of safety performance', '安全性能不降低'],
  ['Compatible with existing production lines', '产线兼容改造'],
  ['Volume unchanged', '体积不变'],
  ['Cycle life ≥ 1 000 cycles', '循环寿命≥1000次'],
  ['Process temperature ≤ 200 °C', '工艺温度≤200°C'],
  ['Coating thickness ≤ 20 µm', '涂层厚度≤20µm'],
];

const APPROACHES = [
  'upgrade the active material to a high-capacity composite',
  'optimise the electrolyte or binder with functional additives',
  'redesign the structure to remove inactive mass',
  'apply a nanometre-scale surface coating',
  'introduce closed-loop process control',
  'replace the substrate with a thinner, stronger grade',
];

export type Direction = {
  reason: string;
  approaches: string[];
  verification: string;
  ticked: boolean;
  source_type: string;
};

export function recommendations(issues: string, lang: string): string[] {
  const rng = rngFrom('recommend', issues);
  return rng.sample(CONSTRAINTS, 5).map(([en, cn]) => (lang === 'cn' ? cn : en));
}

export function directionsFor(issues: string, selected: readonly string[]): Direction[] {
  const rng = rngFrom('directions', issues);
  const subject = keywordsOf(issues, 1)[0] ?? topicOf(issues, 30);
  const goals = selected.length > 0 ? selected.join('; ') : 'the stated goal';
  return rng.sample(APPROACHES, 3).map((approach, i) => ({
    reason: `Improve ${subject} by ${approach}`,
    approaches: [`${approach.charAt(0).toUpperCase()}${approach.slice(1)} (pilot scale first)`, `Combine with ${rng.pick(APPROACHES)}`],
    verification: `Meets: ${goals}`,
    ticked: i < 2,
    source_type: 'model',
  }));
}

export const AGENT_STEPS = ['problem analysis', 'literature search', 'direction generation', 'solution synthesis'] as const;

/** What the agent stream narrates for a problem, step by step. */
export function agentNarration(issues: string): { step: string; text: string }[] {
  const topic = topicOf(issues, 50);
  const rng = rngFrom('agent', issues);
  return [
    {
      step: AGENT_STEPS[0],
      text: `### Problem analysis\n\nThe core contradiction in **${topic}** is performance versus cost; the target is ≥ ${rng.between(10, 40)} % improvement.\n\n`,
    },
    {
      step: AGENT_STEPS[1],
      text: `### Literature search\n\nScreened ${rng.between(200, 900)} patents and papers; ${rng.between(12, 40)} are relevant (e.g. layers of 5–20 µm, 专利 CN${rng.between(105, 118)}123456A).\n\n`,
    },
    { step: AGENT_STEPS[2], text: '### Direction generation\n\n1. Material upgrade\n2. Structural redesign\n3. Process control\n\n' },
    {
      step: AGENT_STEPS[3],
      text: `### Solution synthesis\n\nRecommended: combine the first two directions and verify with \`DoE\` on pilot samples.\n`,
    },
  ];
}
