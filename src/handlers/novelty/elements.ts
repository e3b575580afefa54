/**
 * Step 3: AI35-6 proposes search elements per feature (keywords, their expansions, IPC classes). Confirm, or
 * a submitted edit, sends AI35-7 with them, which starts the agent search.
 */
import type { Block, FormField } from '../../core/message.js';
import { quoteUserText } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { defineStep, FormProblem } from '../workflow/index.js';
import { taskIdOf, type NoveltyData } from './data.js';
import { elementsInput, type NoveltyStep } from './stored.js';
import { elementsOf, type Elements } from './payloads.js';
import { truncate } from '../../core/text.js';

type Proposed = DataOf<'AI35-6'>;
type Element = NonNullable<Elements['list']>[number];
type Expression = NonNullable<Element['express']>[number];

const KIND: Record<string, 'topic' | 'key' | 'supplementary'> = { topic_search: 'topic', key_search: 'key', sup_search: 'supplementary' };
const USER_SOURCE = 'user';

const keys = (list: { key?: string }[] | undefined): string[] => (list ?? []).map((k) => k.key ?? '').filter(Boolean);

function expressionLine(x: Expression): string {
  const extend = keys(x.extend);
  const ipc = keys(x.ipc);
  return [x.word?.key ?? '', extend.join(', '), ipc.join(', ')].join(' | ');
}

/** What AI35-7 is sent: the elements, with family merging as the command asked (else as the platform proposed). */
export const withFamilyMerge = (elements: Elements, familyMerge: boolean | undefined): Elements => ({
  ...elements,
  family_merge_enabled: familyMerge ?? elements.family_merge_enabled ?? false,
});

export function renderElements(elements: Elements, t: Translate, familyMerge?: boolean): Block[] {
  const lines = (elements.list ?? []).map((e, i) => {
    const kind = t(`novelty:elements.kind.${KIND[e.feature_type ?? ''] ?? 'element'}`);
    const head = `${i + 1}. ${t('novelty:elements.kindLabel', { kind })}${quoteUserText(truncate(e.feature_text_original ?? '', 200))}${e.selected === false ? t('novelty:elements.leftOut') : ''}`;
    const words = (e.express ?? []).map((x) => {
      const extend = keys(x.extend);
      const ipc = keys(x.ipc);
      return `   - ${quoteUserText(x.word?.key ?? '')}${extend.length ? ` (${quoteUserText(extend.join(', '))})` : ''}${ipc.length ? ` · IPC ${quoteUserText(ipc.join(', '))}` : ''}`;
    });
    return [head, ...words].join('\n');
  });
  return [
    { type: 'markdown', text: lines.join('\n') || t('novelty:elements.none') },
    { type: 'context', text: t('novelty:elements.legend') },
    {
      type: 'context',
      text: withFamilyMerge(elements, familyMerge).family_merge_enabled ? t('novelty:elements.merged') : t('novelty:elements.notMerged'),
    },
  ];
}

function editFields(elements: Elements, t: Translate): FormField[] {
  const list = elements.list ?? [];
  return [
    {
      id: 'keep',
      label: t('novelty:elements.keepField'),
      kind: 'checkboxes',
      optional: true,
      options: list.map((e, i) => ({ value: String(i), label: truncate(`${i + 1}. ${e.feature_text_original ?? ''}`, 70) })),
      initial: list.flatMap((e, i) => (e.selected === false ? [] : [String(i)])),
    },
    ...list.map(
      (e, i): FormField => ({
        id: `expr-${i}`,
        label: t('novelty:elements.exprField', { element: `${i + 1}. ${truncate(e.feature_text_original ?? '', 120)}` }),
        kind: 'multiline',
        initial: (e.express ?? []).map(expressionLine).join('\n'),
      }),
    ),
  ];
}

function parseLines(text: string, before: Expression[]): Expression[] {
  const sourceOf = (key: string) => {
    for (const x of before) for (const k of [x.word, ...(x.extend ?? []), ...(x.ipc ?? [])]) if (k?.key === key) return k.source ?? USER_SOURCE;
    return USER_SOURCE;
  };
  const ref = (key: string) => ({ key, source: sourceOf(key) });
  const split = (part: string | undefined) =>
    (part ?? '')
      .split(/[,，;]/)
      .map((s) => s.trim())
      .filter(Boolean);
  return text
    .split('\n')
    .map((line) => line.split('|'))
    .filter(([word]) => word?.trim())
    .map(([word, extend, ipc]) => ({
      word: ref(word!.trim()),
      extend: split(extend).map(ref),
      ipc: split(ipc).map(ref),
    }));
}

function applyEdit(fields: Record<string, string | string[]>, elements: Elements, t: Translate): Elements {
  const keep = new Set(Array.isArray(fields.keep) ? fields.keep : []);
  const list = (elements.list ?? []).map((e, i): Element => {
    const express = parseLines(String(fields[`expr-${i}`] ?? ''), e.express ?? []);
    return { ...e, selected: keep.has(String(i)), express: express.length ? express : (e.express ?? []) };
  });
  if (!list.some((e) => e.selected)) throw new FormProblem(t('novelty:elements.keepOne'));
  return { ...elements, list };
}

export const elementsStep = defineStep<NoveltyData, Proposed, Elements | undefined, NoveltyStep>({
  stores: elementsInput,
  poll: {
    operation: 'AI35-6',
    label: (t) => t('novelty:elements.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI35-6', { task_id: taskIdOf(sc) }, { signal }),
    deadlineMs: 15 * 60_000,
  },
  review: {
    title: (t) => t('novelty:elements.title'),
    render: (result, draft, sc) => renderElements(draft ?? elementsOf(result), sc.ctx.t, sc.data.familyMerge),
    confirm: {
      button: (t) => t('novelty:elements.confirm'),
      // the elements as the user saved them (Edit); undefined: as proposed, read again when sent
      input: (_result, draft) => draft,
      send: {
        operation: 'AI35-7',
        label: (t) => t('novelty:elements.sending'),
        async run(sc, edited, result) {
          const elements = withFamilyMerge(edited ?? elementsOf(await result()), sc.data.familyMerge);
          await sc.ctx.platform.call('AI35-7', { task_id: taskIdOf(sc), elements });
          return { next: 'references' };
        },
      },
    },
    forms: {
      edit: {
        button: (t) => t('novelty:edit'),
        title: (t) => t('novelty:elements.formTitle'),
        submitLabel: (t) => t('novelty:save'),
        submits: 'review',
        fields: (result, draft, sc) => editFields(draft ?? elementsOf(result), sc.ctx.t),
        apply: (fields, result, draft, sc) => applyEdit(fields, draft ?? elementsOf(result), sc.ctx.t),
      },
    },
  },
});
