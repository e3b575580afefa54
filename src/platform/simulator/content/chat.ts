/**
 * Markdown answers for the chat streams: a few hundred words with headings, a list, bold text, a link, a small
 * table, a code span and some multi-byte characters (≥, µm, CJK), so renderers and byte-level parsers get exercised.
 */
import { keywordsOf } from './patents.js';
import { rngFrom, topicOf, type Rng } from './random.js';

export type ChatFlavor = 'general' | 'pharm' | 'encyclopedia';

export interface ChatAnswerOptions {
  /** the turn of a multi-turn session (1 for the first question) */
  turn?: number;
  /** how many numbered references the answer cites ([1] .. [n]) */
  citations?: number;
  /** extend the answer with further numbered sections until it has at least this many characters */
  minChars?: number;
}

const OPENERS: Record<ChatFlavor, readonly string[]> = {
  general: ['Here is a structured overview of', 'In short, the state of the art around', 'A practical way to look at'],
  pharm: ['From the clinical and regulatory literature, the picture for', 'The evidence base for', 'Current development data on'],
  encyclopedia: ['The encyclopedia entries and recent papers describe', 'Biomedical sources summarise', 'The knowledge base has this on'],
};

const POINTS: Record<ChatFlavor, readonly string[]> = {
  general: [
    'Prior art clusters around **thermal management** and **structural integration**, with most filings since 2019.',
    'Claims that specify a layer thickness ≤ 20 µm are narrower but much harder to design around.',
    'Chinese filings often use the term 技术方案 (technical solution) for the embodiment section.',
    'Independent claims that combine sensing with closed-loop control are rarely anticipated by a single document.',
    'Freedom-to-operate risk concentrates in a handful of assignees holding ≥ 40 % of the family count.',
  ],
  pharm: [
    'Most late-stage programmes report **Phase III** data with an objective response rate ≥ 30 %.',
    'Small-molecule candidates typically show IC₅₀ values below 10 nM against the primary target.',
    'Chinese regulators list the class under 靶向药物 (targeted drugs) with priority review eligibility.',
    'Particle sizes around 80–120 nm (0.1 µm) are preferred for lipid nanoparticle delivery.',
    'Safety signals centre on **hepatotoxicity** and QT prolongation; monitoring plans are standard.',
  ],
  encyclopedia: [
    'The mechanism is mediated by **receptor dimerisation** followed by downstream kinase activation.',
    'Reported mutation rates are about 35 % globally and ≥ 40 % in East Asian cohorts.',
    'The Chinese literature refers to it as 表皮生长因子受体 (epidermal growth factor receptor).',
    'Cell assays typically use concentrations between 1 µM and 10 µM for screening.',
    'Guidelines recommend **companion diagnostics** before first-line therapy selection.',
  ],
};

const TABLE_ROWS: readonly (readonly [string, string, string])[] = [
  ['Energy density', '≥ 260 Wh/kg', 'High'],
  ['Coating thickness', '5–20 µm', 'Medium'],
  ['Response time', '≤ 50 ms', 'High'],
  ['Cycle life', '≥ 1 500 cycles', 'Medium'],
  ['Particle size', '80–120 nm', 'Low'],
  ['Operating range', '−20 °C to 60 °C', 'Medium'],
];

const LINKS = [
  ['WIPO PATENTSCOPE', 'https://patentscope.wipo.int/search/en/search.jsf'],
  ['ClinicalTrials.gov', 'https://clinicaltrials.gov/'],
  ['Espacenet', 'https://worldwide.espacenet.com/'],
] as const;

function cite(rng: Rng, citations: number): string {
  return citations > 0 ? ` [${rng.between(1, citations)}]` : '';
}

function table(rng: Rng): string {
  const rows = rng.sample(TABLE_ROWS, 3);
  return ['| Parameter | Typical value | Relevance |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** The whole markdown answer a chat stream sends for a question. */
export function chatAnswer(flavor: ChatFlavor, question: string, options: ChatAnswerOptions = {}): string {
  const turn = options.turn ?? 1;
  const citations = options.citations ?? 0;
  const rng = rngFrom('chat', flavor, question, turn);
  // an encyclopedia follow-up carries the previous question before its own: the answer is about the follow-up
  const topic = topicOf(/\nFollow-up question: ([\s\S]*)$/.exec(question)?.[1] ?? question, 48);
  const keywords = keywordsOf(question, 2);
  const query = keywords.length > 0 ? keywords.map((k) => `"${k}"`).join(' AND ') : '"innovation"';
  const [linkText, linkUrl] = rng.pick(LINKS);
  const points = rng.sample(POINTS[flavor], 4);
  const intro =
    turn > 1
      ? `Continuing our conversation (turn ${turn}), here is more detail on **${topic}**.`
      : `${rng.pick(OPENERS[flavor])} **${topic}** is summarised below.`;
  const answer = [
    `## ${topic}`,
    '',
    `${intro} The analysis draws on ${rng.between(120, 980)} documents published between ${rng.between(2012, 2018)} and 2024${cite(rng, citations)}.`,
    '',
    '### Key points 🔬',
    '',
    ...points.map((p) => `- ${p}${cite(rng, citations)}`),
    '',
    '### Comparison',
    '',
    table(rng),
    '',
    '### How to search further',
    '',
    `A good starting query is \`TACD: (${query})\`; narrow it by CPC group and publication date. The [${linkText}](${linkUrl}) database offers the same syntax for cross-checking.`,
    '',
    `Overall, the most promising direction is the one that keeps cost growth ≤ 15 % while meeting the performance target${cite(rng, citations)}. ` +
      'Further validation on pilot-scale samples is recommended before drafting claims.',
  ].join('\n');
  return extendTo(answer, options.minChars ?? 0, flavor, rng);
}

function extendTo(answer: string, minChars: number, flavor: ChatFlavor, rng: Rng): string {
  const sections = [answer];
  let length = answer.length;
  for (let n = 1; length < minChars; n += 1) {
    const section = [`\n\n### Further detail ${n}\n`, ...rng.sample(POINTS[flavor], 3).map((p) => `- ${p}`), '', table(rng)].join('\n');
    sections.push(section);
    length += section.length;
  }
  return sections.join('');
}
