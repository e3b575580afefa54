/** AI73 material find-solution: submit, thinking, recommendations, confirm, mind map, node details, plans. */
import { randomUUID } from 'node:crypto';
import { citationRecords, implementationPlan, materialRecommendations, nodeReference, thinking } from '../content/material.js';
import { mindMapCells, type MindNode } from '../content/mindmap.js';
import { stableHex } from '../content/random.js';
import type { Reply } from '../envelope.js';
import type { SimState } from '../state.js';
import { encodeStatus, type Stage } from '../tasks.js';
import type { Ctx, Routes } from './types.js';
import type { MaterialTask } from '../records.js';

const word = (state: SimState, stage: Stage) => encodeStatus.word(state.clock.stateOf(stage));

function mind(task: MaterialTask) {
  const selected = task.selected ?? materialRecommendations(task.input, task.lang);
  return mindMapCells(
    task.boardId,
    task.input,
    selected.map((title) => ({ title, detail: `Apply ${title.toLowerCase()} to the formulation.` })),
  );
}

function startMind(state: SimState, task: MaterialTask, selected?: readonly unknown[]): Stage {
  task.selected = (selected ?? materialRecommendations(task.input, task.lang)).map(String);
  task.mindStage = state.clock.start();
  return task.mindStage;
}

const planKey = (planTaskId: string, nodeId: string): string => `${planTaskId} ${nodeId}`;

type NodeOp = 'AI73-6' | 'AI73-7' | 'AI73-8' | 'AI73-9';

/** The task and mind-map node a node-level request names, or the invalid-parameter reply. */
function findNode<K extends NodeOp>(ctx: Ctx<K>): { task: MaterialTask; node: MindNode } | { error: Reply } {
  const { task_id: taskId, board_id: boardId, node_id: nodeId } = ctx.body;
  const task = ctx.state.materials.get(taskId);
  if (!task) return { error: ctx.invalid(`task_id: unknown task ${taskId}`) };
  if (boardId !== task.boardId) return { error: ctx.invalid(`board_id: ${boardId} is not the board of task ${taskId}`) };
  const node = mind(task).nodes.find((n) => n.nodeId === nodeId);
  if (!node) return { error: ctx.invalid(`node_id: unknown node ${nodeId}`) };
  return { task, node };
}

export const materialRoutes: Routes<'AI73-1' | 'AI73-2' | 'AI73-3' | 'AI73-4' | 'AI73-5' | NodeOp> = {
  'AI73-1': ({ body, state, ok, taskFails }) => {
    const id = randomUUID();
    const task = state.materials.add(id, {
      id,
      input: body.input,
      lang: body.lang,
      boardId: stableHex('board', id),
      thinkingStage: state.clock.start(),
      implementations: new Map(),
    });
    if (taskFails()) task.thinkingStage.failed = true;
    return ok({ task_id: id });
  },

  'AI73-4': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.materials.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    if (taskFails()) task.thinkingStage.failed = true;
    const status = word(state, task.thinkingStage);
    return ok({ status, board_id: task.boardId, ...(status === 'SUCCEED' ? thinking(task.input) : {}) });
  },

  'AI73-2': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.materials.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    if (taskFails()) task.thinkingStage.failed = true;
    const status = word(state, task.thinkingStage);
    if (status !== 'SUCCEED') return ok({ status, has_recommend: false });
    return ok({ status, has_recommend: true, recommend: materialRecommendations(task.input, task.lang) });
  },

  'AI73-3': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.materials.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    const stage = startMind(state, task, body.recommend);
    if (taskFails()) stage.failed = true;
    return ok({ task_id: task.id });
  },

  'AI73-5': ({ body, state, ok, invalid, taskFails }) => {
    const task = state.materials.get(body.task_id);
    if (!task) return invalid(`task_id: unknown task ${body.task_id}`);
    const stage = task.mindStage ?? startMind(state, task);
    if (taskFails()) stage.failed = true;
    const status = word(state, stage);
    if (status !== 'SUCCEED') return ok({ status });
    return ok({ status, solution: { title: task.input, cells: mind(task).cells } });
  },

  'AI73-6': (ctx) => {
    const found = findNode(ctx);
    if ('error' in found) return found.error;
    const page = Math.max(1, ctx.body.page ?? 1);
    const limit = Math.max(1, ctx.body.limit ?? 10);
    const all = citationRecords(found.node.nodeId, found.node.title, 12);
    return ctx.ok({
      page,
      limit,
      total: all.length,
      records: all.slice((page - 1) * limit, page * limit),
      has_next: page * limit < all.length,
      has_previous: page > 1,
    });
  },

  'AI73-7': (ctx) => {
    const found = findNode(ctx);
    return 'error' in found ? found.error : ctx.ok(nodeReference(found.node.title));
  },

  // AI73-8 answers with a task of its own (a new id each time), and AI73-9 knows the plan only under that id
  'AI73-8': (ctx) => {
    const found = findNode(ctx);
    if ('error' in found) return found.error;
    const planId = randomUUID();
    ctx.state.materials.add(planId, found.task);
    const stage = ctx.state.clock.start();
    found.task.implementations.set(planKey(planId, found.node.nodeId), stage);
    if (ctx.taskFails()) stage.failed = true;
    return ctx.ok({ task_id: planId });
  },

  'AI73-9': (ctx) => {
    const found = findNode(ctx);
    if ('error' in found) return found.error;
    const { task, node } = found;
    const stage = task.implementations.get(planKey(ctx.body.task_id, node.nodeId));
    if (!stage)
      return ctx.invalid(
        `task_id: no implementation plan of node ${node.nodeId} runs as task ${ctx.body.task_id}; poll with the task_id AI73-8 returned`,
      );
    if (ctx.taskFails()) stage.failed = true;
    const status = word(ctx.state, stage);
    return ctx.ok({ status, ...(status === 'SUCCEED' ? { markdown_message: implementationPlan(node.title) } : {}) });
  },
};
