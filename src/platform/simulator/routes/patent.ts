/** P001: the number of patents a search query finds. */
import { rngFrom } from '../content/random.js';
import type { Routes } from './types.js';

const COLLAPSE_SHARE: Record<string, number> = { ALL: 1, APNO: 0.8, DOCDB: 0.55, INPADOC: 0.45, EXTEND: 0.4 };

export const patentRoutes: Routes<'P001'> = {
  P001: ({ body, ok }) => {
    const rng = rngFrom('count', body.query_text.trim().toLowerCase());
    const terms = Math.max(1, body.query_text.split(/\s+(?:AND|and)\s+/).length);
    const base = Math.floor(rng.between(20_000, 2_000_000) / terms ** 2);
    const share = COLLAPSE_SHARE[(body.collapse_type ?? 'ALL').toUpperCase()] ?? 1;
    return ok({ total_search_result_count: Math.floor(base * share) });
  },
};
