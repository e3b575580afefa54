/**
 * AI73-4's thinking process as text: problem analysis, direction decomposition and literature search, each
 * shown once the platform has it (a running task may have only the first).
 */
import { quoteUserText } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { truncate } from '../../core/text.js';
import { PATENT_LINK } from '../shared/text.js';

type Thinking = DataOf<'AI73-4'>;
const SECTION_CHARS = 1_200;
const PROGRESS_SECTION_CHARS = 900;

const line = (label: string, value: string | null | undefined, t: Translate): string[] =>
  value?.trim() ? [t('material:thinking.line', { label, value: quoteUserText(value.trim()) })] : [];

/** A name and its value as the platform gave them, each quoted, joined as the language writes it ("a: b", "a：b"). */
function pair(name: string | null | undefined, value: string | null | undefined, t: Translate): string {
  const [n, v] = [name?.trim(), value?.trim()];
  return n && v ? t('material:thinking.pair', { name: quoteUserText(n), value: quoteUserText(v) }) : quoteUserText(n || v || '');
}

/** A text with a note after it in parentheses, the language's own. */
const aside = (text: string, note: string | null | undefined, t: Translate): string => (note ? t('material:thinking.aside', { text, note }) : text);

/** A criterion's priority in words: the levels the platform uses, else as it came. */
function priority(level: string, t: Translate): string {
  const key = level.trim().toLowerCase();
  return key === 'high' || key === 'medium' || key === 'low' ? t(`material:thinking.priorities.${key}`) : quoteUserText(level);
}

function problemAnalysis(thinking: Thinking, t: Translate): string | undefined {
  const p = thinking.problem_statement;
  if (!p) return undefined;
  const criteria = (p.success_criteria ?? []).map((c) => `- ${aside(pair(c.metric, c.target, t), c.priority && priority(c.priority, t), t)}`);
  const constraints = (p.technical_constraints ?? []).map((c) => `- ${pair(c.category, c.description, t)}`);
  const requirements = (p.performance_requirements ?? []).map(
    (r) => `- ${aside(pair(r.parameter, [r.target_value, r.unit].filter(Boolean).join(' '), t), r.tolerance && quoteUserText(r.tolerance), t)}`,
  );
  return [
    t('material:thinking.problemAnalysis'),
    ...line(t('material:thinking.problem'), p.refined_statement ?? p.problem_title, t),
    ...line(t('material:thinking.domain'), p.domain, t),
    ...line(t('material:thinking.background'), p.background_context, t),
    ...(criteria.length ? [t('material:thinking.criteria'), ...criteria] : []),
    ...(constraints.length ? [t('material:thinking.constraints'), ...constraints] : []),
    ...(requirements.length ? [t('material:thinking.requirements'), ...requirements] : []),
  ].join('\n');
}

/** The direction is an untyped object: its named entries (`name`, `description`) and its texts, in order. */
function directionTexts(value: unknown, t: Translate, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.trim()) out.push(quoteUserText(value.replace(/<[^>]+>/g, '').trim()));
  } else if (Array.isArray(value)) {
    for (const item of value) directionTexts(item, t, out);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') {
      const name = `**${quoteUserText(record.name)}**`;
      const description = typeof record.description === 'string' ? record.description.trim() : '';
      out.push(description ? t('material:thinking.pair', { name, value: quoteUserText(description) }) : name);
    } else {
      for (const [key, entry] of Object.entries(record)) if (key !== 'status') directionTexts(entry, t, out);
    }
  }
  return out;
}

function directionDecomposition(thinking: Thinking, t: Translate): string | undefined {
  const texts = directionTexts(thinking.direction, t);
  return texts.length ? [t('material:thinking.directions'), ...texts.map((x) => `- ${x}`)].join('\n') : undefined;
}

function literatureSearch(thinking: Thinking, t: Translate): string | undefined {
  const refs = thinking.references?.references ?? [];
  if (refs.length === 0) return undefined;
  const lines = refs.slice(0, 8).map((r) => {
    const pn = r.pn?.trim();
    const title = quoteUserText(truncate(r.title ?? '', 120));
    const link = r.link ?? (pn ? PATENT_LINK(pn) : undefined);
    return `- ${pn && link ? `[${pn}](${link}) ` : pn ? `${pn} ` : ''}${title}`;
  });
  return [t('material:thinking.literature', { count: refs.length }), ...lines].join('\n');
}

/** The sections the platform has so far, each clipped. */
export function thinkingSections(thinking: Thinking, t: Translate, sectionChars = SECTION_CHARS): string[] {
  return [problemAnalysis(thinking, t), directionDecomposition(thinking, t), literatureSearch(thinking, t)]
    .filter((s): s is string => Boolean(s))
    .map((s) => truncate(s, sectionChars));
}

/** What a waiting step's progress note shows of a running thinking process (a note holds at most 3,000 characters). */
export function thinkingProgress(thinking: Thinking, t: Translate): string | undefined {
  return thinkingSections(thinking, t, PROGRESS_SECTION_CHARS).join('\n\n') || undefined;
}
