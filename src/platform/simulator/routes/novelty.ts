/** AI35-1 to AI35-6 of the guided novelty check: submit, summary, confirm, features, confirm, search elements. */
import { randomUUID } from 'node:crypto';
import { encodeStatus, type Stage } from '../tasks.js';
import type { SimState } from '../state.js';
import { elementsOf, featuresOf, noveltyTask, solutionOf } from './novelty-task.js';
import type { Routes } from './types.js';
import type { NoveltyTask } from '../records.js';

const numeric = (state: SimState, stage: Stage) => encodeStatus.number(state.clock.stateOf(stage));

export function startFeatures(state: SimState, task: NoveltyTask): Stage {
  task.featureStage = state.clock.start();
  return task.featureStage;
}

export function startElements(state: SimState, task: NoveltyTask): Stage {
  task.elementStage = state.clock.start();
  return task.elementStage;
}

export const noveltyRoutes: Routes<'AI35-1' | 'AI35-2' | 'AI35-3' | 'AI35-4' | 'AI35-5' | 'AI35-6'> = {
  'AI35-1': ({ body, state, ok, taskFails }) => {
    const id = randomUUID();
    const task = state.novelty.add(id, { id, input: body.input, lang: body.lang, summaryStage: state.clock.start() });
    if (taskFails()) task.summaryStage.failed = true;
    return ok({ task_id: id });
  },

  'AI35-2': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    if (ctx.taskFails()) task.summaryStage.failed = true;
    const status = numeric(ctx.state, task.summaryStage);
    return ctx.ok({ status, ...(status === 2 ? { tech_solution: solutionOf(task) } : {}) });
  },

  'AI35-3': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    if (ctx.body.tech_solution !== undefined && ctx.body.tech_solution.trim() !== '') task.techSolution = ctx.body.tech_solution;
    task.features = undefined;
    const stage = startFeatures(ctx.state, task);
    if (ctx.taskFails()) stage.failed = true;
    return ctx.ok({ task_id: task.id });
  },

  'AI35-4': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    const stage = task.featureStage ?? startFeatures(ctx.state, task);
    if (ctx.taskFails()) stage.failed = true;
    const status = numeric(ctx.state, stage);
    return ctx.ok({ status, ...(status === 2 ? { data: featuresOf(task) } : {}) });
  },

  'AI35-5': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    if (ctx.body.tech_features) task.features = ctx.body.tech_features;
    task.elements = undefined;
    const stage = startElements(ctx.state, task);
    if (ctx.taskFails()) stage.failed = true;
    return ctx.ok({ task_id: task.id });
  },

  'AI35-6': (ctx) => {
    const found = noveltyTask(ctx);
    if ('error' in found) return found.error;
    const { task } = found;
    const stage = task.elementStage ?? startElements(ctx.state, task);
    if (ctx.taskFails()) stage.failed = true;
    const status = numeric(ctx.state, stage);
    return ctx.ok({ status, ...(status === 2 ? { elements: elementsOf(task) } : {}) });
  },
};
