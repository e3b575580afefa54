/** AI73 material find-solution content: thinking process, recommended solutions, node details and plans. */
import { keywordsOf, organizationInfo, patentsFor } from './patents.js';
import { rngFrom, stableHex, topicOf } from './random.js';

const SOLUTIONS: readonly (readonly [string, string])[] = [
  ['Titanium dioxide compounding', '二氧化钛复配'],
  ['Silicone-modified ZnO', '有机硅改性ZnO'],
  ['Microencapsulation', '微胶囊包埋技术'],
  ['Amphiphilic block copolymer dispersion', '两亲性嵌段共聚物分散'],
  ['Transition-metal doping', '过渡金属掺杂'],
  ['Hierarchical dispersion control', '分级分散控制'],
];

export function materialRecommendations(input: string, lang: string): string[] {
  return rngFrom('material-recommend', input)
    .sample(SOLUTIONS, 4)
    .map(([en, cn]) => (lang === 'cn' ? cn : en));
}

export function thinking(input: string) {
  const rng = rngFrom('thinking', input);
  const topic = topicOf(input, 60);
  const domain = keywordsOf(input, 1)[0] ?? 'materials';
  const directionId = stableHex('direction', input);
  const references = patentsFor(input, 4, 'thinking').map((p) => ({
    pn: p.pn,
    apd: p.applicationDate,
    pbd: p.publicationDate,
    link: p.link,
    title: p.title,
    content: p.abstract,
    authors: { [stableHex('author', p.pn)]: { name: 'Zhang San', organization: p.assignee.name } },
    org_info: { [p.assignee.id]: organizationInfo(p.assignee) },
    project_id: `proj-${rng.between(10_000, 99_999)}`,
    project_name: `${domain} research`,
    solution_id: p.patentId,
    solution_type: 'PATENT',
    solution_sub_type: 'INVENTION',
  }));
  return {
    direction: {
      data: {
        status: 'FINISH',
        stream_message: {
          [directionId]: { brief: { name: 'Hierarchical dispersion control', description: `Control particle dispersion to improve ${topic}.` } },
          [`${directionId}_details`]: 'Engineer the polymer matrix so particles stay below 100 nm (PDI < 0.3).',
        },
      },
    },
    references: { references },
    problem_statement: {
      domain: `Materials science — ${domain}`,
      problem_title: topic,
      refined_statement: `Develop an optimised formulation for: ${topic}`,
      background_context: `${domain} formulations trade performance against stability; particle sizes of 20–100 nm and loadings ≥ 15 wt% are common.`,
      success_criteria: [
        { metric: 'Protection factor', target: '≥ 20 % over baseline', priority: 'high', validation_method: 'In vitro spectroscopy' },
      ],
      technical_constraints: [{ category: 'Environmental stability', description: 'Stable at 45 °C and 75 % RH for 3 months', impact_level: 'high' }],
      performance_requirements: [{ parameter: 'Particle size', target_value: '20–100', unit: 'nm', tolerance: '±5 nm' }],
    },
  };
}

const cite = (n: number) => `<cite data-index="${n}">[${n}]</cite>`;

export function nodeReference(title: string) {
  return {
    technical_principle: [`${title} works by controlling interfacial energy between the particles and the matrix ${cite(1)}.`],
    engineering_reliability: [`Patent data show dispersions below 100 nm at about 20 wt% solids ${cite(2)}.`],
    technical_maturity: [`Validated in patents and in cosmetic-grade production ${cite(1)}.`],
    expected_challenge: [`Synthesis cost may rise; keep the increase ≤ 15 % ${cite(3)}.`],
    industry_application_cases: [`A major cosmetics maker used a similar approach for a sunscreen line ${cite(2)}.`],
  };
}

/** Citation records of a node, in the upper-case key style of the published example. */
export function citationRecords(nodeId: string, title: string, total: number): Record<string, unknown>[] {
  return patentsFor(title, total, nodeId).map((p) => ({
    PN: p.pn,
    TITLE: p.title,
    PBD: p.publicationDate,
    APD: p.applicationDate,
    CONTENT: p.abstract,
    LINK: p.link,
    ORG_INFO: [{ id: p.assignee.id, display_name: p.assignee.name }],
    SOLUTION_ID: p.patentId,
    SOLUTION_TYPE: 'PATENT',
  }));
}

export function implementationPlan(title: string): string {
  return [
    `# Implementation strategy: ${title}`,
    '',
    'This plan uses a design-of-experiments (DoE) approach.',
    '',
    '## Goals',
    '',
    '- UVA protection ≥ 20 % above baseline',
    '- Particle size 20–100 nm (≈ 0.05 µm)',
    '',
    '## Steps',
    '',
    '1. Screen three dopant levels (0.5, 1, 2 mol%).',
    '2. Disperse with an amphiphilic copolymer; target PDI < 0.3.',
    '3. Stability test at 45 °C / 75 % RH for 12 weeks.',
    '',
    '| Stage | Duration | Output |',
    '|---|---|---|',
    '| Screening | 4 weeks | 3 candidates |',
    '| Scale-up | 6 weeks | pilot batch |',
  ].join('\n');
}
