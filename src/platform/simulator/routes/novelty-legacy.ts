/** The older one-shot novelty group (spec only): create a report task, query its results, download it. */
import { randomUUID } from 'node:crypto';
import { summarizeSolution } from '../content/novelty.js';
import { patentsFor } from '../content/patents.js';
import { encodeStatus } from '../tasks.js';
import type { Routes } from './types.js';

const references = (input: string) =>
  patentsFor(input, 5, 'legacy-novelty').map((p) => ({
    pn: p.pn,
    title: p.title,
    score: p.score,
    summary: p.abstract,
  }));

export const legacyNoveltyRoutes: Routes<'NOVELTY-REPORT' | 'NOVELTY-QUERY' | 'NOVELTY-DOWNLOAD'> = {
  'NOVELTY-REPORT': ({ body, state, ok, taskFails }) => {
    const id = randomUUID();
    const task = state.legacyNovelty.add(id, { id, input: body.input, lang: body.lang, stage: state.clock.start(2) });
    if (taskFails()) task.stage.failed = true;
    return ok({ task_id: id });
  },

  'NOVELTY-QUERY': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.legacyNovelty.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    if (taskFails()) task.stage.failed = true;
    const status = encodeStatus.number(state.clock.stateOf(task.stage));
    if (status !== 2) return ok({ task_id: task.id, status });
    return ok({ task_id: task.id, status, tech_solution: summarizeSolution(task.input), references: references(task.input) });
  },

  'NOVELTY-DOWNLOAD': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.legacyNovelty.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    task.exportStage ??= state.clock.start();
    if (taskFails()) task.exportStage.failed = true;
    const status = encodeStatus.number(state.clock.stateOf(task.exportStage));
    if (status !== 2) return ok({ task_id: task.id, status });
    task.reportUrl ??= state.files.add('pdf', 'Novelty search report', () => [
      `Technical solution: ${summarizeSolution(task.input)}`,
      ...references(task.input).map((r, i) => `D${i + 1}: ${r.pn} ${r.title} (score ${r.score})`),
    ]);
    return ok({ task_id: task.id, status, report_url: task.reportUrl });
  },
};
