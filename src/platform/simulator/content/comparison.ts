/** AI35-8 search results (reference list with feature comparison), AI35-12 added patents, the AI35 report. */
import { elementWords, type SearchElements, type TechFeature } from './novelty.js';
import { patentByNumber, patentsFor, type PatentRecord } from './patents.js';
import { rngFrom } from './random.js';

export type ComparedFeature = {
  tech_feature?: string;
  comparison_feature?: string;
  score?: number;
  score_for_user?: number;
  type?: string;
  reason?: string;
};

export type ComparisonEntry = {
  patent_id?: string;
  document?: string;
  selected?: boolean;
  public_score?: number;
  features?: ComparedFeature[];
};

export const PROCESS_KEYS = [
  'semantic_search',
  'all_elements_search_tacd',
  'all_elements_search_ai_summary',
  'all_elements_search_dynamic',
  'relevant_tracking_search',
] as const;
const PROCESS_TITLES: Record<string, [string, string]> = {
  semantic_search: ['Semantic Search', '语义检索'],
  all_elements_search_tacd: ['All-elements search (TACD)', '全要素检索'],
  all_elements_search_ai_summary: ['All-elements search (AI summary)', 'AI摘要检索'],
  all_elements_search_dynamic: ['Dynamic search', '动态检索'],
  relevant_tracking_search: ['Relevant tracking search', '相关追踪检索'],
};

/** process_dict after `done` of the five search steps (the next one running). */
export function processDict(done: number): Record<string, unknown> {
  return Object.fromEntries(
    PROCESS_KEYS.slice(0, Math.min(done + 1, PROCESS_KEYS.length)).map((key, i) => {
      const [en, zh] = PROCESS_TITLES[key] ?? [key, key];
      return [
        key,
        { type: key, title: { en, zh }, status: i < done ? 'success' : 'running', query_thinking: { en: `Searching by ${en.toLowerCase()}`, zh } },
      ];
    }),
  );
}

function compareFeature(rng: ReturnType<typeof rngFrom>, feature: TechFeature, patent: PatentRecord, rank: number) {
  const text = feature.feature_text ?? feature.feature_text_original ?? '';
  const score = Math.max(20, Math.min(100, Math.round(100 - rank * 12 - rng.int(25))));
  const type = score >= 80 ? 'public' : score >= 55 ? 'obvious' : 'different';
  const reason =
    type === 'public'
      ? `${patent.pn} discloses this feature.`
      : type === 'obvious'
        ? `Obvious in view of ${patent.pn} and common knowledge.`
        : `Not disclosed by ${patent.pn}.`;
  return {
    tech_feature: text,
    comparison_feature: `${patent.title} (${patent.pn})`,
    compare_feature: patent.title,
    score,
    original_score: score,
    score_for_user: score,
    type,
    original_type: type,
    type_for_user: type,
    differ: type === 'different' ? 'DIFFER' : 'NONE',
    original_differ: type === 'different' ? 'DIFFER' : 'NONE',
    differ_for_user: type === 'different' ? 'Differ' : 'Common',
    reason,
    original_reason: reason,
    reason_for_user: reason,
    similar: type !== 'different',
    claim_num: 1,
    claim_type: 'independent',
    public_score: score / 100,
  };
}

/**
 * AI35-8 final_result: the patents found for the confirmed elements, compared with every confirmed feature.
 * AI35-5 "adds/reduces" features: whatever it was sent is confirmed, `selected` or not (as the platform was seen
 * to do), so a client must leave a left-out feature out of the request.
 */
export function searchFindings(techSolution: string, features: readonly TechFeature[], elements: SearchElements, lang: string) {
  const query = elementWords(elements).flat().join(' ') || techSolution;
  return patentsFor(query, 5, 'novelty').map((patent, rank) => {
    const rng = rngFrom('compare', patent.pn);
    const compared = features.map((f) => compareFeature(rng, f, patent, rank));
    return {
      patent_id: patent.patentId,
      document: `${patent.pn} ${patent.title}`,
      lang: lang.toUpperCase(),
      selected: rank < 3,
      user_added: false,
      most_similar: rank === 0,
      public_score: patent.score,
      creativity_type: rank === 0 ? 'public' : 'obvious',
      feature_match_num: compared.filter((c) => c.type === 'public').length,
      comparative_literature_type: rank === 0 ? 'X' : rank < 3 ? 'Y' : 'A',
      comparative_literature_category: rank === 0 ? 'novelty' : 'creativity',
      features: compared,
    };
  });
}

/** AI35-12: a patent the user adds by number, compared with the given features. */
export function addedComparison(pn: string, features: readonly TechFeature[], lang: string) {
  const patent = patentByNumber(pn, features.map((f) => f.feature_text ?? '').join(' '));
  const rng = rngFrom('added', pn);
  const compared = features.map((f) => compareFeature(rng, f, patent, 1));
  return {
    patent_id: pn,
    document: `${pn} ${patent.title}`,
    lang,
    public_score: Math.round(patent.score * 1000) / 10,
    claims: [
      { claim_num: 1, claim_text: `1. ${patent.title}, characterised in that it comprises a sensing layer of 5–20 µm.` },
      { claim_num: 2, claim_text: '2. The device of claim 1, wherein the response time is ≤ 50 ms.' },
    ],
    features: compared.map((c) => ({
      tech_feature: c.tech_feature,
      comparison_feature: c.comparison_feature,
      score: c.score,
      public_score: c.score,
      type: c.type,
      differ: c.differ,
    })),
  };
}

/** The novelty report, built from the confirmed final_result (selected entries, or all when none is selected). */
export function noveltyReportLines(
  title: string,
  techSolution: string,
  features: readonly TechFeature[],
  result: readonly ComparisonEntry[],
): string[] {
  const chosen = result.some((r) => r.selected === true) ? result.filter((r) => r.selected === true) : result;
  return [
    `Title: ${title}`,
    `Technical solution: ${techSolution}`,
    ...features.map((f) => `Feature ${f.feature_num ?? ''}: ${f.feature_text ?? ''}`),
    `Comparison documents: ${chosen.length}`,
    ...chosen.flatMap((r, i) => [
      `D${i + 1}: ${r.document ?? r.patent_id ?? 'document'} (patent_id ${r.patent_id ?? '-'}, public score ${r.public_score ?? '-'})`,
      ...(r.features ?? []).map((f) => `  ${f.tech_feature ?? ''} -> ${f.type ?? ''} (${f.score_for_user ?? f.score ?? '-'}): ${f.reason ?? ''}`),
    ]),
  ];
}
