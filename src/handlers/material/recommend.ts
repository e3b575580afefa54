/**
 * Step 1: AI73-4's thinking process while it runs (the progress message grows as sections arrive), then its
 * recommendations (AI73-2) to tick; Confirm sends AI73-3, which starts the technical mind map.
 */
import { quoteUserText, type Block } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import { taskState, type TaskState } from '../../platform/task-state.js';
import { truncate } from '../../core/text.js';
import { itemText, tickedPositions } from '../shared/platform-values.js';
import { ownItemsForm, pickedList, pickedOf, type Picked } from '../shared/own-items.js';
import { defineStep } from '../workflow/index.js';
import { taskIdOf, type MaterialData, type MaterialStep } from './data.js';
import { thinkingProgress, thinkingSections } from './thinking.js';
import { pickedSchema } from '../shared/picked-schema.js';

export interface ThinkingResult {
  thinking: DataOf<'AI73-4'>;
  /** read once the thinking has succeeded */
  recommend?: DataOf<'AI73-2'>;
}

export const RECOMMEND_ID = 'material-recommend';
const all = (length: number): number[] => Array.from({ length }, (_, i) => i);
const itemsOf = (r: ThinkingResult): unknown[] => r.recommend?.recommend ?? [];

function state(r: ThinkingResult): TaskState {
  const thinking = taskState('AI73-4', r.thinking);
  if (thinking !== 'succeeded') return thinking;
  return r.recommend ? taskState('AI73-2', r.recommend) : 'running';
}

export const recommendStep = defineStep<MaterialData, ThinkingResult, Picked, MaterialStep>({
  stores: pickedSchema,
  poll: {
    operation: 'AI73-4',
    label: (t) => t('material:recommend.label'),
    async read(sc, signal) {
      const thinking = await sc.ctx.platform.call('AI73-4', { task_id: taskIdOf(sc) }, { signal });
      if (taskState('AI73-4', thinking) !== 'succeeded') return { thinking };
      return { thinking, recommend: await sc.ctx.platform.call('AI73-2', { task_id: taskIdOf(sc) }, { signal }) };
    },
    state,
    progress: (r, sc) => thinkingProgress(r.thinking, sc.ctx.t),
    deadlineMs: 15 * 60_000,
  },
  review: {
    title: (t) => t('material:recommend.title'),
    render(result, draft, sc): Block[] {
      const { t } = sc.ctx;
      const sections = thinkingSections(result.thinking, t);
      const items = itemsOf(result).map(itemText);
      const chosen = pickedOf(draft);
      const blocks: Block[] = sections.map((text) => ({ type: 'markdown', text }));
      const list = chosen ? pickedList(items, chosen, t) : items.map((text, i) => `${i + 1}. ${quoteUserText(text)}`).join('\n');
      blocks.push({
        type: 'markdown',
        text: `${t('material:recommend.heading')}\n${list || t('material:recommend.none')}`,
      });
      if (!chosen && items.length > 0) {
        blocks.push({
          type: 'multiSelect',
          id: RECOMMEND_ID,
          label: t('material:recommend.buildWith'),
          options: items.map((text, i) => ({ value: String(i), label: truncate(`${i + 1}. ${text}`, 75) })),
          selected: all(items.length).map(String),
        });
        blocks.push({ type: 'context', text: t('material:recommend.hint') });
      }
      if (!chosen) blocks.push({ type: 'context', text: t('material:recommend.own') });
      return blocks;
    },
    confirm: {
      button: (t) => t('material:confirm'),
      // what the user saved with Add your own, else the ticks of the menu
      input: (result, draft, _sc, ticked) =>
        pickedOf(draft) ?? {
          chosen: tickedPositions(ticked[RECOMMEND_ID], itemsOf(result).length) ?? all(itemsOf(result).length),
          own: [],
        },
      send: {
        operation: 'AI73-3',
        label: (t) => t('material:recommend.sending'),
        async run(sc, input, result) {
          const read = await result();
          const items = itemsOf(read);
          const picked = pickedOf(input)!;
          await sc.ctx.platform.call('AI73-3', { task_id: taskIdOf(sc), recommend: [...picked.chosen.map((i) => items[i]), ...picked.own] });
          return { next: 'mind', data: { ...(read.thinking.board_id ? { board: read.thinking.board_id } : {}) } };
        },
      },
    },
    forms: {
      own: ownItemsForm<MaterialData, ThinkingResult>({
        title: (t) => t('material:recommend.formTitle'),
        submitLabel: (t) => t('material:save'),
        keepLabel: (t) => t('material:recommend.buildWith'),
        ownLabel: (t) => t('material:recommend.ownLabel'),
        items: (r) => itemsOf(r).map(itemText),
        initial: (r) => all(itemsOf(r).length),
      }),
    },
  },
});
