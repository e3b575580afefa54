/** AI39 design-patent image search results: similar designs, the fused ranking and the risk report. */
import { ORGANIZATIONS } from './patents.js';
import { rngFrom, stableUuid, type Rng } from './random.js';

export interface DesignQuery {
  country: unknown[];
  lang: string;
  url?: string;
  main_field?: string;
  loc_items?: unknown[];
  apply_start_time?: string;
}

export type DesignHit = {
  patent_id: string;
  patent_pn: string;
  title: string;
  img_id: string;
  score: number;
  authority: string;
  loc: string[];
  url: string;
  url_120: string;
  apno: string;
  apdt: number;
  pbdt: number;
  inventor: string;
  loc_match: number;
  risk_level: string;
  current_assignee: string;
  original_assignee: string;
};

const SHAPES = ['housing', 'casing', 'stand', 'figure', 'cover', 'handle'];
const INVENTORS = ['Li Wei;Zhang Min', 'John Carter', 'Sato Haruki;Ito Mei', 'Kim Min-jun', 'Anna Keller;Jonas Wolf'];

function designNumber(rng: Rng, authority: string): string {
  const digits = (n: number) => String(rng.int(10 ** n)).padStart(n, '0');
  switch (authority) {
    case 'US':
      return `USD10${digits(5)}S1`;
    case 'CN':
      return `CN30${digits(7)}S`;
    case 'JP':
      return `JP17${digits(5)}S`;
    case 'KR':
      return `KR30${digits(7)}S`;
    case 'EU':
      return `EM${digits(9)}-0001`;
    default:
      return `${authority}${digits(8)}S`;
  }
}

export const riskOf = (score: number): 'High' | 'Medium' | 'Low' => (score >= 0.8 ? 'High' : score >= 0.6 ? 'Medium' : 'Low');

/** Similar registered designs, most similar first. */
export function designHits(query: DesignQuery, count = 6): DesignHit[] {
  const rng = rngFrom('design', query.url ?? '', query.main_field ?? '', query.country.join(','));
  const countries = query.country.length > 0 ? query.country.map(String) : ['US', 'CN'];
  const loc = query.loc_items && query.loc_items.length > 0 ? query.loc_items.map(String) : ['14-03'];
  const product = query.main_field || 'Product';
  let score = 0.93 - rng.float() * 0.05;
  return Array.from({ length: count }, (_, i) => {
    const authority = countries[i % countries.length] ?? 'US';
    const pn = designNumber(rng, authority);
    const year = rng.between(2019, 2024);
    const hit: DesignHit = {
      patent_id: stableUuid('design', pn),
      patent_pn: pn,
      title: `${product} ${rng.pick(SHAPES)}`,
      img_id: `${pn}-D0000${i}_ABST`,
      score: Math.round(score * 1000) / 1000,
      authority,
      loc: [rng.pick(loc)],
      url: `https://images.example.com/designs/full/${pn}.jpg`,
      url_120: `https://images.example.com/designs/thumb/${pn}_120.jpg`,
      apno: `${authority}${year}-${String(rng.int(1_000_000)).padStart(6, '0')}`,
      apdt: year * 10_000 + rng.between(1, 12) * 100 + rng.between(1, 28),
      pbdt: (year + 1) * 10_000 + rng.between(1, 12) * 100 + rng.between(1, 28),
      inventor: rng.pick(INVENTORS),
      loc_match: 1,
      risk_level: riskOf(score),
      current_assignee: rng.pick(ORGANIZATIONS).name,
      original_assignee: rng.pick(ORGANIZATIONS).name,
    };
    score -= 0.05 + rng.float() * 0.06;
    return hit;
  });
}

/** One comparison entry of the risk report for a hit. */
export function comparisonFor(hit: DesignHit) {
  const high = hit.risk_level === 'High';
  return {
    score: hit.score,
    title: hit.title,
    img_id: hit.img_id,
    status: 1,
    country: hit.authority,
    patent_id: hit.patent_id,
    patent_pn: hit.patent_pn,
    risk_level: hit.risk_level,
    similar: 'Both use a rounded rectangular body with a centred front panel.',
    difference: high ? 'Only the edge radius (≈ 2 mm vs 3 mm) differs.' : 'Different proportions, button layout and surface texture.',
    confusion: high ? 'An ordinary consumer could confuse the overall impression.' : 'The differences are enough to tell the designs apart.',
    risk_desc: `${hit.authority} practice compares the overall visual impression; the registered design ${hit.patent_pn} ${high ? 'covers the essential features' : 'differs in essential features'}.`,
    suggestion: high ? 'Change the silhouette or front-panel layout before export.' : 'Keep the current distinguishing features.',
  };
}
