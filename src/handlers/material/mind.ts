/**
 * Step 2: the technical mind map (AI73-5) as a nested outline with a menu of its nodes; choosing one asks AI73-8
 * for its implementation plan, shown once AI73-9 has it (polled under the task id AI73-8 returned), with the
 * menu again for the next node.
 */
import { quoteUserText, type Block, type Choice } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { taskState } from '../../platform/task-state.js';
import { truncate } from '../../core/text.js';
import { allNodes, mindTree, outline, titleOf, type MindMap } from '../shared/mind-map.js';
import { renderMindMap } from '../shared/images/mind-map-image.js';
import { nodeDetailBlocks, readNodeDetails, type NodeDetails } from './node-details.js';
import { postPicture } from '../shared/images/post-picture.js';
import { defineStep, type SelectDefinition, type Send } from '../workflow/index.js';
import { requireTaskId } from '../shared/platform-values.js';
import { boardOf, nodeChoiceSchema, taskIdOf, type MaterialData, type MaterialStep, type NodeChoice } from './data.js';

type Mind = DataOf<'AI73-5'>;
const MAX_MENU_NODES = 100;
const MAX_PLAN_CHARS = 9_000;

const nodesOf = (mind: Mind | undefined, t: Translate) =>
  mind?.solution ? allNodes(mindTree(mind.solution as MindMap, t)).slice(0, MAX_MENU_NODES) : [];

function nodeMenu<R>(mindOf: (r: R) => Mind | undefined): SelectDefinition<MaterialData, R, NodeChoice> {
  return {
    label: (t) => t('material:mind.menu'),
    options(r, _draft, sc): Choice[] {
      const { t } = sc.ctx;
      return nodesOf(mindOf(r), t).map((n, i) => ({ value: String(i), label: truncate(`${'· '.repeat(n.depth)}${titleOf(n.data, t)}`, 75) }));
    },
    apply(key, r, _draft, sc) {
      const { t } = sc.ctx;
      const node = nodesOf(mindOf(r), t)[Number(key)];
      if (!node) throw new Error(`no mind-map node ${key}`);
      return { key, id: node.data.node_id ?? node.id, title: titleOf(node.data, t) };
    },
    confirms: true,
  };
}

function planSend<R>(): Send<MaterialData, NodeChoice, R, MaterialStep> {
  return {
    operation: 'AI73-8',
    label: (t) => t('material:mind.asking'),
    async run(sc, node) {
      const asked = await sc.ctx.platform.call('AI73-8', { task_id: taskIdOf(sc), board_id: boardOf(sc), node_id: node.id });
      return { next: 'plan', data: { node: { ...node, planTaskId: requireTaskId('AI73-8', asked.task_id) } } };
    },
  };
}

const chosenLine = (node: NodeChoice | undefined, t: Translate): Block[] =>
  node ? [{ type: 'context', text: t('material:mind.askedFor', { title: quoteUserText(node.title) }) }] : [];

export const mindStep = defineStep<MaterialData, Mind, NodeChoice, MaterialStep>({
  stores: nodeChoiceSchema,
  poll: {
    operation: 'AI73-5',
    label: (t) => t('material:mind.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI73-5', { task_id: taskIdOf(sc) }, { signal }),
    deadlineMs: 20 * 60_000,
  },
  review: {
    title: (t) => t('material:mind.title'),
    render(result, chosen, sc) {
      const { t } = sc.ctx;
      return [
        {
          type: 'markdown',
          text: result.solution ? outline(mindTree(result.solution as MindMap, t), t) || t('material:mind.emptyMap') : t('material:mind.noMap'),
        },
        ...(chosen ? chosenLine(chosen, t) : [{ type: 'context' as const, text: t('material:mind.choose') }]),
      ];
    },
    confirm: { input: (_r, draft) => draft!, send: planSend<Mind>() },
    selects: { node: nodeMenu<Mind>((r) => r) },
    async afterShown(result, sc) {
      const { t } = sc.ctx;
      const roots = result.solution ? mindTree(result.solution as MindMap, t) : [];
      if (roots.length > 0) await postPicture(sc.ctx, sc.thread, t('material:mind.picture'), async () => (await renderMindMap(roots, t)).png);
    },
  },
});

export interface PlanResult {
  plan: DataOf<'AI73-9'>;
  /** the node's principle, maturity, reliability, industry cases and references, read once the plan is there */
  details?: NodeDetails;
  /** the map again once the plan is there, for the menu of the next node */
  mind?: Mind;
}

export const planStep = defineStep<MaterialData, PlanResult, NodeChoice, MaterialStep>({
  stores: nodeChoiceSchema,
  poll: {
    operation: 'AI73-9',
    label: (t) => t('material:plan.label'),
    async read(sc, signal) {
      const node = sc.data.node;
      const planTask = node?.planTaskId ?? taskIdOf(sc);
      const plan = await sc.ctx.platform.call('AI73-9', { task_id: planTask, board_id: boardOf(sc), node_id: node?.id ?? '' }, { signal });
      if (taskState('AI73-9', plan) !== 'succeeded') return { plan };
      const [mind, details] = await Promise.all([
        sc.ctx.platform.call('AI73-5', { task_id: taskIdOf(sc) }, { signal }),
        readNodeDetails(sc, node?.id ?? '', signal),
      ]);
      return { plan, mind, details };
    },
    state: (r) => taskState('AI73-9', r.plan),
    deadlineMs: 20 * 60_000,
  },
  review: {
    title: (t) => t('material:plan.title'),
    render(result, chosen, sc) {
      const { t } = sc.ctx;
      return [
        { type: 'markdown', text: `**${quoteUserText(sc.data.node?.title ?? t('material:plan.node'))}**` },
        { type: 'markdown', text: truncate(result.plan.markdown_message?.trim() || t('material:plan.empty'), MAX_PLAN_CHARS) },
        ...nodeDetailBlocks(result.details, t),
        ...(chosen ? chosenLine(chosen, t) : [{ type: 'context' as const, text: t('material:plan.chooseAnother') }]),
      ];
    },
    confirm: { input: (_r, draft) => draft!, send: planSend<PlanResult>() },
    selects: { node: nodeMenu<PlanResult>((r) => r.mind) },
  },
});
