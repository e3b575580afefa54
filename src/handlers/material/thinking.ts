/**
 * AI73-4's thinking process as text: problem analysis, direction decomposition and literature search, each
 * shown once the platform has it (a running task may have only the first).
 */
import { quoteUserText } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import { truncate } from '../../core/text.js';
import { PATENT_LINK } from '../shared/text.js';

type Thinking = DataOf<'AI73-4'>;
const SECTION_CHARS = 1_200;
const PROGRESS_SECTION_CHARS = 900;

const line = (label: string, value: string | null | undefined): string[] => (value?.trim() ? [`_${label}:_ ${quoteUserText(value.trim())}`] : []);

function problemAnalysis(t: Thinking): string | undefined {
  const p = t.problem_statement;
  if (!p) return undefined;
  const criteria = (p.success_criteria ?? []).map(
    (c) => `- ${quoteUserText([c.metric, c.target].filter(Boolean).join(': '))}${c.priority ? ` (${quoteUserText(c.priority)})` : ''}`,
  );
  const constraints = (p.technical_constraints ?? []).map((c) => `- ${quoteUserText([c.category, c.description].filter(Boolean).join(': '))}`);
  const requirements = (p.performance_requirements ?? []).map(
    (r) =>
      `- ${quoteUserText(`${r.parameter ?? ''}: ${r.target_value ?? ''}${r.unit ? ` ${r.unit}` : ''}${r.tolerance ? ` (${r.tolerance})` : ''}`)}`,
  );
  return [
    '**Problem analysis**',
    ...line('Problem', p.refined_statement ?? p.problem_title),
    ...line('Domain', p.domain),
    ...line('Background', p.background_context),
    ...(criteria.length ? ['_Success criteria:_', ...criteria] : []),
    ...(constraints.length ? ['_Constraints:_', ...constraints] : []),
    ...(requirements.length ? ['_Performance requirements:_', ...requirements] : []),
  ].join('\n');
}

/** The direction is an untyped object: its named entries (`name`, `description`) and its texts, in order. */
function directionTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.trim()) out.push(quoteUserText(value.replace(/<[^>]+>/g, '').trim()));
  } else if (Array.isArray(value)) {
    for (const item of value) directionTexts(item, out);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') {
      const description = typeof record.description === 'string' ? `: ${record.description}` : '';
      out.push(`**${quoteUserText(record.name)}**${quoteUserText(description)}`);
    } else {
      for (const [key, entry] of Object.entries(record)) if (key !== 'status') directionTexts(entry, out);
    }
  }
  return out;
}

function directionDecomposition(t: Thinking): string | undefined {
  const texts = directionTexts(t.direction);
  return texts.length ? ['**Direction decomposition**', ...texts.map((x) => `- ${x}`)].join('\n') : undefined;
}

function literatureSearch(t: Thinking): string | undefined {
  const refs = t.references?.references ?? [];
  if (refs.length === 0) return undefined;
  const lines = refs.slice(0, 8).map((r) => {
    const pn = r.pn?.trim();
    const title = quoteUserText(truncate(r.title ?? '', 120));
    const link = r.link ?? (pn ? PATENT_LINK(pn) : undefined);
    return `- ${pn && link ? `[${pn}](${link}) ` : pn ? `${pn} ` : ''}${title}`;
  });
  return [`**Literature search** (${refs.length} ${refs.length === 1 ? 'document' : 'documents'})`, ...lines].join('\n');
}

/** The sections the platform has so far, each clipped. */
export function thinkingSections(t: Thinking, sectionChars = SECTION_CHARS): string[] {
  return [problemAnalysis(t), directionDecomposition(t), literatureSearch(t)]
    .filter((s): s is string => Boolean(s))
    .map((s) => truncate(s, sectionChars));
}

/** What a waiting step's progress note shows of a running thinking process (a note holds at most 3,000 characters). */
export function thinkingProgress(t: Thinking): string | undefined {
  return thinkingSections(t, PROGRESS_SECTION_CHARS).join('\n\n') || undefined;
}
