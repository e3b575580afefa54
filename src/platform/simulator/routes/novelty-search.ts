/** AI35-7 to AI35-12 of the guided novelty check: search, results, confirm, add a patent, export, report. */
import { addedComparison, noveltyReportLines, PROCESS_KEYS, processDict } from '../content/comparison.js';
import { elementWords } from '../content/novelty.js';
import type { SimState } from '../state.js';
import { encodeStatus, type StageState } from '../tasks.js';
import { confirmedResultOf, elementsOf, featuresOf, findingsOf, noveltyTask, solutionOf } from './novelty-task.js';
import type { Routes } from './types.js';
import type { NoveltyTask } from '../records.js';

/** The search stage takes three task durations and reports its progress on the way. */
const SEARCH_WEIGHT = 3;
const timestamp = (): string => new Date().toISOString().replace('T', ' ').replace('Z', '');

function searchResult(task: NoveltyTask, s: StageState) {
  const base = {
    lang: task.lang.toUpperCase(),
    is_async: true,
    operate_type: 'generate',
    update_ts: timestamp(),
    request: { async: true, task_id: task.id, operate_type: 'generate' },
    process_dict_keys: [...PROCESS_KEYS],
    task_status: encodeStatus.lower(s),
  };
  if (s.state !== 'succeeded') {
    const done = Math.floor(s.progress * PROCESS_KEYS.length);
    return { ...base, process_dict: processDict(done), excute_times: Math.floor(s.progress * 14) };
  }
  const features = featuresOf(task);
  const elements = elementsOf(task);
  const findings = findingsOf(task);
  const words = elementWords(elements);
  return {
    ...base,
    process_dict: processDict(PROCESS_KEYS.length),
    excute_times: 14,
    task_cost: 276.2,
    cc_num: 100,
    cc_docs_num: 70,
    cc_threshold: 0,
    cc_pids: findings.map((f) => f.document.split(' ')[0] ?? ''),
    find_patent_num: findings.length,
    final_result: findings,
    feature_keywords: words.map((w, i) => ({ feature: w[0] ?? '', weight: Math.round((0.9 - i * 0.1) * 100) / 100, keywords: w.slice(1) })),
    feature_analysis_result: {
      block_query: Object.fromEntries(
        (elements.list ?? [])
          .filter((e) => e.selected !== false)
          .map((e, i) => [
            `S${i + 1}`,
            {
              type: 'basic',
              count: 1000 + i * 977,
              status: 'success',
              feature_text_original: e.feature_text_original,
              query: `TACD_ALL:((${(words[i] ?? []).map((w) => `"${w}"`).join(' OR ')}))`,
            },
          ]),
      ),
      summary_result: {
        tech_subject: features[0]?.feature_text ?? '',
        tech_solution: solutionOf(task),
        tech_problem: `Existing solutions cannot achieve: ${features[0]?.feature_text ?? ''}`,
        tech_efficacy: 'Improves performance by ≥ 20 %.',
      },
      feature_extract_result: features.map((f) => ({
        feature_num: f.feature_num,
        feature_weight: f.feature_weight,
        feature_function: f.feature_function,
        feature_text_original: f.feature_text,
      })),
      keywords_extract_result: elements.list ?? [],
    },
  };
}

function reportUrl(state: SimState, task: NoveltyTask): string {
  task.reportUrl ??= state.files.add('docx', task.title ?? 'Novelty search report', () =>
    noveltyReportLines(task.title ?? '', solutionOf(task), featuresOf(task), confirmedResultOf(task)),
  );
  return task.reportUrl;
}

export const noveltySearchRoutes: Routes<'AI35-7' | 'AI35-8' | 'AI35-9' | 'AI35-10' | 'AI35-11' | 'AI35-12'> = {
  'AI35-7': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    task.elements = ctx.body.elements;
    task.finalResult = undefined;
    task.searchStage = ctx.state.clock.start(SEARCH_WEIGHT);
    if (ctx.taskFails()) task.searchStage.failed = true;
    return ctx.ok({ task_id: task.id });
  },

  'AI35-8': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    task.searchStage ??= ctx.state.clock.start(SEARCH_WEIGHT);
    if (ctx.taskFails()) task.searchStage.failed = true;
    return ctx.ok(searchResult(task, ctx.state.clock.stateOf(task.searchStage)));
  },

  'AI35-9': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    if (ctx.body.final_result) found.task.finalResult = ctx.body.final_result;
    return ctx.ok({ task_id: found.task.id });
  },

  'AI35-12': ({ body, ok }) => {
    const entry = addedComparison(body.request.pn, body.tech_features, 'zh');
    return ok({ final_res: [entry], threshold: 75 });
  },

  'AI35-10': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    task.title = ctx.body.title;
    task.reportUrl = undefined;
    task.reportStage = ctx.state.clock.start();
    if (ctx.taskFails()) task.reportStage.failed = true;
    return ctx.ok({ task_id: task.id });
  },

  'AI35-11': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    if (!task.reportStage) return ctx.invalid(`task_id: no report was created for task ${task.id}; call AI35-10 export first`);
    if (ctx.taskFails()) task.reportStage.failed = true;
    const status = encodeStatus.number(ctx.state.clock.stateOf(task.reportStage));
    return ctx.ok({ task_id: task.id, status, ...(status === 2 ? { report_url: reportUrl(ctx.state, task) } : {}) });
  },
};
