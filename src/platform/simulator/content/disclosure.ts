/** AI32: key elements extracted from a technical idea, and the disclosure document written from them. */
import { keywordsOf } from './patents.js';
import { topicOf } from './random.js';

export interface DisclosureFields {
  tech_solution: string;
  language?: string;
  subject_improvement?: unknown[];
  application?: unknown[];
  background?: string;
  tech_problem?: string;
  mechanism?: string;
  outcome?: string;
  embodiment?: string;
  others?: string;
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[。.;；!?！？])\s*|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** AI32-1: the key elements of a technical idea. */
export function extractTechMeans(techSolution: string) {
  const parts = sentences(techSolution);
  const first = parts[0] ?? techSolution;
  const subject = topicOf(first.split(/[,，:：]/u)[0] ?? first, 40);
  const field = keywordsOf(techSolution, 1)[0] ?? 'general engineering';
  const tooShort = Array.from(techSolution.trim()).length < 20;
  return {
    subject_improvement: [subject],
    application: [`${field} technical field`],
    background:
      `Existing ${field} solutions rely on manual operation or fixed settings, which is inconvenient and wastes energy. ${parts[1] ?? ''}`.trim(),
    tech_problem: `How to make ${subject} work automatically and precisely, so that performance stays ≥ 95 % of the target under changing conditions.`,
    mechanism: parts.slice(0, 3).join(' ') || techSolution,
    outcome: `${subject} adapts automatically, improving convenience, safety and energy use.`,
    embodiment: `Embodiment 1: ${first} In a preferred variant the sensing layer is 5–20 µm thick.`,
    others: parts.slice(3).join(' ') || 'No further points.',
    ...(tooShort ? { unidentified: 'No technical means were recognised in the input; please describe the technical means for a better draft.' } : {}),
  };
}

const listText = (items: unknown[] | undefined): string => (items ?? []).map(String).join('; ');

/** AI32-4 / AI32-3: the disclosure document as markdown. */
export function disclosureMarkdown(fields: DisclosureFields): string {
  const subject = listText(fields.subject_improvement) || topicOf(fields.tech_solution, 40);
  return [
    `# Technical disclosure: ${subject}`,
    '',
    '## 1. Technical field',
    '',
    `The invention relates to ${listText(fields.application) || 'the technical field of the idea below'} (技术领域).`,
    '',
    '## 2. Background',
    '',
    fields.background || 'The prior art needs manual operation and cannot adapt to the situation.',
    '',
    '## 3. Problem to be solved',
    '',
    fields.tech_problem || `How to realise ${subject} reliably.`,
    '',
    '## 4. Technical solution',
    '',
    fields.tech_solution,
    '',
    `**Mechanism:** ${fields.mechanism || fields.tech_solution}`,
    '',
    '## 5. Beneficial effects',
    '',
    `- ${fields.outcome || 'Improved convenience and safety.'}`,
    '- Response time ≤ 50 ms; no extra parts thicker than 20 µm are needed.',
    '',
    '## 6. Embodiments',
    '',
    fields.embodiment || `Embodiment 1: ${subject}.`,
    '',
    '| Item | Value |',
    '|---|---|',
    `| Subject | ${subject} |`,
    `| Language | \`${fields.language ?? 'cn'}\` |`,
    '',
    fields.others ? `Notes: ${fields.others}` : 'Notes: none.',
  ].join('\n');
}
