/** AI39 design-patent image search: submit a task, poll for the line drawing, results and risk report. */
import { randomUUID } from 'node:crypto';
import { DESIGN_COUNTRIES } from '../../design-countries.js';
import { comparisonFor, designHits, riskOf } from '../content/design.js';
import { lineDrawingDataUrl } from '../content/png.js';
import { encodeStatus } from '../tasks.js';
import type { Routes } from './types.js';
import type { DesignTask } from '../records.js';

function result(task: DesignTask) {
  const hits = designHits(task.query);
  const countries = task.query.country.map(String);
  const countriesAt = (level: string) => [...new Set(hits.filter((h) => h.risk_level === level).map((h) => h.authority))];
  const fused = [...hits]
    .reverse()
    .map((hit, i) => ({ ...hit, rerank: 100 - i * 7 }))
    .sort((a, b) => b.rerank - a.rerank);
  const high = countriesAt('High');
  return {
    line_drawing_base64: lineDrawingDataUrl(),
    patent_messages: { total_search_result_count: 150 + hits.length * 9, patent_messages: hits },
    rrffusion_response: {
      k_value: 60,
      rerank_count: hits.length,
      traditional_count: hits.length,
      patent_messages: fused.map(({ rerank, ...hit }, i) => {
        const traditionalRank = hits.findIndex((h) => h.patent_id === hit.patent_id) + 1;
        return {
          ...hit,
          rerank_rank: i + 1,
          rerank_score: rerank,
          traditional_rank: traditionalRank,
          traditional_score: hit.score,
          rrf_score: Math.round((1 / (60 + i + 1) + 1 / (60 + traditionalRank)) * 1e6) / 1e6,
          risk_level: riskOf(hit.score),
        };
      }),
    },
    report: {
      country: countries,
      loc: (task.query.loc_items ?? ['14-03']).map(String),
      comparisons: hits.slice(0, 4).map(comparisonFor),
      operate_date: task.createdAt,
      apply_start_time: task.query.apply_start_time ?? '20200101',
      high_risk_country: high,
      middle_risk_country: countriesAt('Medium'),
      suspected_infringement_count: hits.filter((h) => h.risk_level === 'High').length,
      suspected_infringement_country: high,
    },
  };
}

export const designRoutes: Routes<'AI39-1' | 'AI39-2'> = {
  'AI39-1': ({ body, state, ok, invalid, taskFails }) => {
    const unsupported = body.country.map(String).filter((c) => !DESIGN_COUNTRIES.includes(c));
    if (unsupported.length > 0) return invalid(`country: ${unsupported.join(',')} not supported; supported: ${DESIGN_COUNTRIES.join(', ')}`);
    const id = randomUUID();
    const task = state.designs.add(id, { id, query: body, stage: state.clock.start(), createdAt: Date.now() });
    if (taskFails()) task.stage.failed = true;
    return ok({ task_id: id });
  },

  'AI39-2': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.designs.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    if (taskFails()) task.stage.failed = true;
    const status = encodeStatus.number(state.clock.stateOf(task.stage));
    return ok({ task_id: task.id, task_status: status, ...(status === 2 ? result(task) : {}) });
  },
};
