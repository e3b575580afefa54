/** Step 1 (AI33-2 → AI33-3) and step 2 (AI33-4 → AI33-5): the ticked recommendations and directions. */
import { quoteUserText, type Block, type Choice } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { truncate } from '../../core/text.js';
import { defineStep } from '../workflow/index.js';
import { itemText, tickedPositions } from '../shared/platform-values.js';
import { ownItemsForm, pickedList, pickedOf, type Picked } from '../shared/own-items.js';
import { taskIdOf, type SolutionData, type SolutionStep } from './data.js';
import { pickedSchema } from '../shared/picked-schema.js';

type Recommended = DataOf<'AI33-2'>;
type Directions = DataOf<'AI33-4'>;
type Direction = NonNullable<Directions['directions']>[number];

export const RECOMMEND_ID = 'solution-recommend';
export const DIRECTIONS_ID = 'solution-directions';

const choice = (label: string, i: number): Choice => ({ value: String(i), label: truncate(`${i + 1}. ${label}`, 75) });
const all = (length: number): number[] => Array.from({ length }, (_, i) => i);

const listed = (items: string[]): string => items.map((text, i) => `${i + 1}. ${quoteUserText(text)}`).join('\n');
const recommendedOf = (result: Recommended): string[] => (result.recommend ?? []).map(itemText);

export const optionsStep = defineStep<SolutionData, Recommended, Picked, SolutionStep>({
  stores: pickedSchema,
  poll: {
    operation: 'AI33-2',
    label: (t) => t('solution:options.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI33-2', { task_id: taskIdOf(sc) }, { signal }),
    deadlineMs: 15 * 60_000,
  },
  review: {
    title: (t) => t('solution:options.title'),
    render(result, draft, sc): Block[] {
      const { t } = sc.ctx;
      const items = recommendedOf(result);
      const picked = pickedOf(draft);
      if (picked) return [{ type: 'markdown', text: pickedList(items, picked, t) || t('solution:options.none') }];
      const own = t('solution:options.own');
      if (items.length === 0) return [{ type: 'markdown', text: t('solution:options.nothingRecommended', { own }) }];
      return [
        { type: 'markdown', text: listed(items) },
        {
          type: 'multiSelect',
          id: RECOMMEND_ID,
          label: t('solution:options.keep'),
          options: items.map(choice),
          selected: all(items.length).map(String),
        },
        { type: 'context', text: t('solution:options.hint', { own }) },
      ];
    },
    confirm: {
      button: (t) => t('solution:continue'),
      // what the user saved with Add your own, else the ticks of the menu
      input: (result, draft, _sc, ticked) =>
        pickedOf(draft) ?? {
          chosen: tickedPositions(ticked[RECOMMEND_ID], result.recommend?.length ?? 0) ?? all(result.recommend?.length ?? 0),
          own: [],
        },
      send: {
        operation: 'AI33-3',
        label: (t) => t('solution:options.sending'),
        async run(sc, input, result) {
          const recommend = (await result()).recommend ?? [];
          const picked = pickedOf(input)!;
          const created = await sc.ctx.platform.call('AI33-3', {
            task_id: taskIdOf(sc),
            lang: sc.data.lang,
            recommend: [...picked.chosen.map((i) => recommend[i]), ...picked.own],
          });
          return { next: 'directions', ...(created.task_id ? { ids: { task_id: created.task_id } } : {}) };
        },
      },
    },
    forms: {
      own: ownItemsForm<SolutionData, Recommended>({
        title: (t) => t('solution:options.formTitle'),
        submitLabel: (t) => t('solution:save'),
        keepLabel: (t) => t('solution:options.keep'),
        ownLabel: (t) => t('solution:options.ownLabel'),
        items: recommendedOf,
        initial: (r) => all(r.recommend?.length ?? 0),
      }),
    },
  },
});

function directionText(d: Direction, i: number, chosen: number[] | undefined, t: Translate): string {
  const mark = chosen ? (chosen.includes(i) ? '☑ ' : '☐ ') : '';
  if (!chosen && d.source_type === 'customize') return `**${i + 1}. ${quoteUserText(d.reason ?? t('solution:direction'))}** ${t('solution:yours')}`;
  const approaches = (d.approaches ?? [])
    .map(itemText)
    .filter(Boolean)
    .map((a) => `   - ${quoteUserText(a)}`);
  const verification = d.verification ? [`   ${t('solution:directions.verification', { text: quoteUserText(d.verification) })}`] : [];
  return [`${mark}**${i + 1}. ${quoteUserText(d.reason ?? t('solution:direction'))}**`, ...approaches, ...verification].join('\n');
}

/** A direction as AI33-5 takes it: the fields it was given (nulls left out), ticked as the user chose. */
function asSent(d: Direction, ticked: boolean) {
  return {
    ...(d.reason != null ? { reason: d.reason } : {}),
    ...(d.approaches != null ? { approaches: d.approaches } : {}),
    ...(d.verification != null ? { verification: d.verification } : {}),
    ...(d.source_type != null ? { source_type: d.source_type } : {}),
    ticked,
  };
}

const platformTicked = (list: Direction[]): number[] => all(list.length).filter((i) => list[i]!.ticked !== false);

/** A direction the user typed, as AI33-5 takes it: its text as the reason, marked as the user's own. */
const ownDirection = (reason: string) => ({ reason, source_type: 'customize', ticked: true });

export const directionsStep = defineStep<SolutionData, Directions, Picked, SolutionStep>({
  stores: pickedSchema,
  poll: {
    operation: 'AI33-4',
    label: (t) => t('solution:directions.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI33-4', { task_id: taskIdOf(sc) }, { signal }),
    deadlineMs: 15 * 60_000,
  },
  review: {
    title: (t) => t('solution:directions.title'),
    render(result, draft, sc): Block[] {
      const { t } = sc.ctx;
      const list = result.directions ?? [];
      const picked = pickedOf(draft);
      const own = (picked?.own ?? []).map((reason) => `☑ **${quoteUserText(reason)}** ${t('solution:yours')}`);
      const text = [...list.map((d, i) => directionText(d, i, picked?.chosen, t)), ...own].join('\n') || t('solution:directions.none');
      if (picked || list.length === 0) return [{ type: 'markdown', text }];
      return [
        { type: 'markdown', text },
        {
          type: 'multiSelect',
          id: DIRECTIONS_ID,
          label: t('solution:directions.explore'),
          options: list.map((d, i) => choice(d.reason ?? t('solution:direction'), i)),
          selected: platformTicked(list).map(String),
        },
        {
          type: 'context',
          text: t('solution:directions.hint'),
        },
      ];
    },
    confirm: {
      button: (t) => t('solution:continue'),
      input(result, draft, _sc, ticked) {
        const saved = pickedOf(draft);
        if (saved) return saved;
        const list = result.directions ?? [];
        const chosen = tickedPositions(ticked[DIRECTIONS_ID], list.length);
        // nothing ticked (or no menu in the click): the directions as the platform ticked them
        return { chosen: chosen && chosen.length > 0 ? chosen : platformTicked(list), own: [] };
      },
      send: {
        operation: 'AI33-5',
        label: (t) => t('solution:directions.sending'),
        async run(sc, input, result) {
          const list = (await result()).directions ?? [];
          const picked = pickedOf(input)!;
          const directions = [...list.map((d, i) => asSent(d, picked.chosen.includes(i))), ...picked.own.map(ownDirection)];
          const created = await sc.ctx.platform.call('AI33-5', { task_id: taskIdOf(sc), lang: sc.data.lang, directions });
          return { next: 'final', ...(created.task_id ? { ids: { task_id: created.task_id } } : {}) };
        },
      },
    },
    forms: {
      own: ownItemsForm<SolutionData, Directions>({
        title: (t) => t('solution:directions.formTitle'),
        submitLabel: (t) => t('solution:save'),
        keepLabel: (t) => t('solution:directions.explore'),
        ownLabel: (t) => t('solution:directions.ownLabel'),
        items: (r, t) => (r.directions ?? []).map((d) => d.reason ?? t('solution:direction')),
        initial: (r) => platformTicked(r.directions ?? []),
      }),
    },
  },
});
