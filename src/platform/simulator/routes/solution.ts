/** AI33 find-solution (v3): create, recommendations, directions, final solution; and the agent stream. */
import { randomUUID } from 'node:crypto';
import { splitText } from '../chunk.js';
import { mindMapCells } from '../content/mindmap.js';
import { agentNarration, directionsFor, recommendations } from '../content/solution.js';
import type { SimState } from '../state.js';
import { encodeStatus, type Stage } from '../tasks.js';
import type { Routes } from './types.js';
import { jobStream } from '../job-stream.js';
import type { SolutionTask } from '../records.js';

const word = (state: SimState, stage: Stage) => encodeStatus.word(state.clock.stateOf(stage));

function startDirections(state: SimState, task: SolutionTask, selected?: readonly unknown[]): Stage {
  task.selected = (selected ?? recommendations(task.issues, task.lang)).map(String);
  task.directionStage = state.clock.start();
  return task.directionStage;
}

interface GivenDirection {
  reason?: string;
  approaches?: readonly unknown[];
  verification?: string;
  ticked?: boolean;
  source_type?: string;
}

function startSolution(state: SimState, task: SolutionTask, directions?: readonly GivenDirection[]): Stage {
  const given = directions ?? directionsFor(task.issues, task.selected ?? []);
  task.directions = given
    .filter((d) => d.ticked !== false)
    .map((d) => ({
      reason: d.reason ?? 'Custom direction',
      approaches: (d.approaches ?? []).map(String),
      verification: d.verification ?? '',
      ticked: true,
      source_type: d.source_type ?? 'customize',
    }));
  task.solutionStage = state.clock.start();
  return task.solutionStage;
}

/** The text AGENT-SSE streams for a job, step by step. */
export const agentSteps = (issues: string) => agentNarration(issues);

export const solutionRoutes: Routes<'AI33-1' | 'AI33-2' | 'AI33-3' | 'AI33-4' | 'AI33-5' | 'AI33-6' | 'AGENT-SSE'> = {
  'AI33-1': ({ body, state, ok, taskFails }) => {
    const id = randomUUID();
    const task = state.solutions.add(id, { id, lang: body.lang, issues: body.solution_issues, recommendStage: state.clock.start() });
    if (taskFails()) task.recommendStage.failed = true;
    return ok({ task_id: id });
  },

  'AI33-2': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.solutions.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    if (taskFails()) task.recommendStage.failed = true;
    const status = word(state, task.recommendStage);
    return ok({ status, ...(status === 'SUCCEED' ? { recommend: recommendations(task.issues, task.lang) } : {}) });
  },

  'AI33-3': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.solutions.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    const stage = startDirections(state, task, body.recommend);
    if (taskFails()) stage.failed = true;
    return ok({ task_id: task.id });
  },

  'AI33-4': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.solutions.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    const stage = task.directionStage ?? startDirections(state, task);
    if (taskFails()) stage.failed = true;
    const status = word(state, stage);
    return ok({ status, ...(status === 'SUCCEED' ? { directions: directionsFor(task.issues, task.selected ?? []) } : {}) });
  },

  'AI33-5': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.solutions.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    const stage = startSolution(state, task, body.directions);
    if (taskFails()) stage.failed = true;
    return ok({ task_id: task.id });
  },

  'AI33-6': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.solutions.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    const stage = task.solutionStage ?? startSolution(state, task);
    if (taskFails()) stage.failed = true;
    const status = word(state, stage);
    if (status !== 'SUCCEED') return ok({ status });
    const branches = (task.directions ?? []).map((d) => ({ title: d.reason, detail: `${d.approaches.join('; ')}. ${d.verification}` }));
    const { cells } = mindMapCells(task.id, task.issues, branches);
    return ok({ status, solution: { title: task.issues, cells } });
  },

  'AGENT-SSE': ({ body, state, invalid }) => {
    const issues = state.solutions.get(body.job_id)?.issues ?? state.materials.get(body.job_id)?.input;
    if (issues === undefined) return invalid(`job_id: unknown job ${body.job_id}`);
    const events = agentSteps(issues).flatMap(({ step, text }) =>
      splitText(text, state.settings.streamChunkChars).map((content) => ({ job_id: body.job_id, status: 'running' as const, step, content })),
    );
    return jobStream(state.settings.jobStreamShape, [...events, { job_id: body.job_id, status: 'finished', step: 'done', content: '' }]);
  },
};
