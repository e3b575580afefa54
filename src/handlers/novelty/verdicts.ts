/**
 * The user's own verdict on one feature of one reference (step 4's "Change a verdict"): AI35-9 carries it in the
 * `*_for_user` fields, and the platform's verdict stays in `type` / `score` / `reason` / `differ` and the
 * `original_*` fields, so both reach the report.
 */
import type { FormField } from '../../core/message.js';
import { FormProblem } from '../workflow/index.js';
import type { Translate } from '../../i18n/index.js';
import type { FinalEntry } from './payloads.js';

export interface VerdictOverride {
  type: string;
  score?: number;
  reason?: string;
}

/** The words a user may type, and the platform's values for them (AI35-8 uses `public` for disclosed). */
const VERDICT_WORDS: Record<string, string> = {
  disclosed: 'public',
  public: 'public',
  obvious: 'obvious',
  'not disclosed': 'different',
  different: 'different',
  公开: 'public',
  已公开: 'public',
  显而易见: 'obvious',
  未公开: 'different',
};

export const overrideKey = (referenceKey: string, featureIndex: number): string => `${referenceKey}#${featureIndex}`;

/** The entry with the user's verdicts written into the `*_for_user` fields, the platform's kept as `original_*`. */
export function withOverrides(entry: FinalEntry, referenceKey: string, overrides: Record<string, VerdictOverride> = {}): FinalEntry {
  if (!entry.features?.some((_, i) => overrides[overrideKey(referenceKey, i)])) return entry;
  const features = entry.features.map((f, i) => {
    const o = overrides[overrideKey(referenceKey, i)];
    if (!o) return f;
    return {
      ...f,
      original_type: f.original_type ?? f.type,
      original_score: f.original_score ?? f.score,
      original_reason: f.original_reason ?? f.reason,
      original_differ: f.original_differ ?? f.differ,
      type_for_user: o.type,
      ...(o.score === undefined ? {} : { score_for_user: o.score }),
      ...(o.reason ? { reason_for_user: o.reason } : {}),
      differ_for_user: o.type === 'different' ? 'DIFFER' : 'NONE',
    };
  });
  return { ...entry, features };
}

export const verdictFields = (t: Translate): FormField[] => [
  { id: 'reference', label: t('novelty-review:verdict.reference'), kind: 'text', maxLength: 3 },
  { id: 'feature', label: t('novelty-review:verdict.feature'), kind: 'text', maxLength: 3 },
  { id: 'verdict', label: t('novelty-review:verdict.verdict'), kind: 'text', maxLength: 20 },
  { id: 'score', label: t('novelty-review:verdict.score'), kind: 'text', optional: true, maxLength: 3 },
  { id: 'reason', label: t('novelty-review:verdict.reason'), kind: 'multiline', optional: true, maxLength: 1_000 },
];

/** Reads the form against the list as shown: which reference and feature, and the verdict given. */
/**
 * The reference a user names: its number in the list (`2`) or its column in the comparison (`D2`, counting only
 * the references that go into the report, as the comparison does).
 */
function referenceNamed<R extends { included?: boolean }>(typed: string, references: R[]): R | undefined {
  const column = /^\s*D\s*(\d+)\s*$/i.exec(typed);
  const n = Number(column ? column[1] : typed.trim());
  if (!Number.isInteger(n) || n < 1) return undefined;
  return column ? references.filter((r) => r.included !== false)[n - 1] : references[n - 1];
}

export function readVerdict(
  fields: Record<string, string | string[]>,
  references: { key: string; entry: FinalEntry; included?: boolean }[],
  t: Translate,
): { key: string; override: VerdictOverride } {
  const reference = referenceNamed(String(fields.reference ?? ''), references);
  if (!reference) throw new FormProblem(t('novelty-review:verdict.badReference', { count: references.length }));
  const n = references.indexOf(reference) + 1;
  const count = reference.entry.features?.length ?? 0;
  const f = Number(String(fields.feature ?? '').trim());
  if (!Number.isInteger(f) || f < 1 || f > count) throw new FormProblem(t('novelty-review:verdict.badFeature', { n, count }));
  const type =
    VERDICT_WORDS[
      String(fields.verdict ?? '')
        .trim()
        .toLowerCase()
    ];
  if (!type) throw new FormProblem(t('novelty-review:verdict.badVerdict'));
  const scoreText = String(fields.score ?? '').trim();
  const score = scoreText === '' ? undefined : Number(scoreText);
  if (score !== undefined && (!Number.isInteger(score) || score < 0 || score > 100)) throw new FormProblem(t('novelty-review:verdict.badScore'));
  const reason = String(fields.reason ?? '').trim() || undefined;
  return { key: overrideKey(reference.key, f - 1), override: { type, ...(score === undefined ? {} : { score }), ...(reason ? { reason } : {}) } };
}
