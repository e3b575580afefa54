/**
 * Step 2: AI35-4 extracts the technical features; they are shown numbered with their weights. Edit unticks,
 * rewrites or adds features (shown again for Confirm); Confirm sends AI35-5 with the features kept.
 */
import type { Block, FormField } from '../../core/message.js';
import { quoteUserText } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Translate } from '../../i18n/index.js';
import { defineStep, FormProblem } from '../workflow/index.js';
import { taskIdOf, type Feature, type NoveltyData } from './data.js';
import { featuresInput, type NoveltyStep } from './stored.js';
import { featuresOf } from './payloads.js';
import { truncate } from '../../core/text.js';

type Extracted = DataOf<'AI35-4'>;

const MAX_FEATURE_CHARS = 500;

const WEIGHTS = ['topic', 'core', 'key', 'sup'] as const;
/** The platform's weight of a feature (topic, core, key, sup) in the user's words; an unknown one as it came. */
const weightWords = (weight: string, t: Translate): string =>
  (WEIGHTS as readonly string[]).includes(weight) ? t(`novelty:features.weight.${weight as (typeof WEIGHTS)[number]}`) : quoteUserText(weight);

function featureLine(feature: Feature, index: number, t: Translate): string {
  const text = quoteUserText(truncate(feature.feature_text ?? feature.feature_text_original ?? '', 400));
  const numbered = `${index + 1}. **${quoteUserText(feature.feature_num ?? `F${index + 1}`)}**`;
  const label = feature.feature_weight
    ? t('novelty:features.weighted', { label: numbered, weight: weightWords(feature.feature_weight, t) })
    : numbered;
  if (feature.selected === false) return t('novelty:features.leftOut', { label, text });
  return `${label} ${text}${feature.user_add ? t('novelty:features.added') : ''}`;
}

export function renderFeatures(features: Feature[], t: Translate): Block[] {
  const chosen = features.filter((f) => f.selected !== false).length;
  return [
    { type: 'markdown', text: features.map((f, i) => featureLine(f, i, t)).join('\n') || t('novelty:features.none') },
    { type: 'context', text: t('novelty:features.count', { chosen, total: features.length }) },
  ];
}

/**
 * AI35-5 "adds/reduces" features: a left-out feature is not sent at all (a platform that ignores `selected`
 * would otherwise compare it with every reference), and the ones sent are selected.
 */
export const confirmedFeatures = (features: Feature[]): Feature[] =>
  features.filter((f) => f.selected !== false).map((f) => ({ ...f, selected: true }));

function editFields(features: Feature[], t: Translate): FormField[] {
  return [
    {
      id: 'leave',
      label: t('novelty:features.leaveField'),
      kind: 'checkboxes',
      optional: true,
      options: features.map((f, i) => ({ value: String(i), label: truncate(`${f.feature_num ?? `F${i + 1}`} ${f.feature_text ?? ''}`, 70) })),
      initial: features.flatMap((f, i) => (f.selected === false ? [String(i)] : [])),
    },
    ...features.map(
      (f, i): FormField => ({
        id: `text-${i}`,
        label: `${f.feature_num ?? `F${i + 1}`}`,
        kind: 'multiline',
        initial: f.feature_text ?? '',
        maxLength: MAX_FEATURE_CHARS,
      }),
    ),
    { id: 'add', label: t('novelty:features.addField'), kind: 'multiline', optional: true, maxLength: MAX_FEATURE_CHARS },
  ];
}

function applyEdit(fields: Record<string, string | string[]>, features: Feature[], t: Translate): Feature[] {
  const leave = new Set(Array.isArray(fields.leave) ? fields.leave : []);
  const edited = features.map((f, i): Feature => {
    const text = String(fields[`text-${i}`] ?? '').trim();
    return { ...f, feature_text: text || f.feature_text, selected: !leave.has(String(i)) };
  });
  const added = String(fields.add ?? '').trim();
  if (added) edited.push({ feature_num: `F${edited.length + 1}`, feature_text: added, feature_text_original: added, selected: true, user_add: true });
  if (!edited.some((f) => f.selected)) throw new FormProblem(t('novelty:features.keepOne'));
  return edited;
}

export const featuresStep = defineStep<NoveltyData, Extracted, Feature[], NoveltyStep>({
  stores: featuresInput,
  poll: {
    operation: 'AI35-4',
    label: (t) => t('novelty:features.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI35-4', { task_id: taskIdOf(sc) }, { signal }),
    deadlineMs: 15 * 60_000,
  },
  review: {
    title: (t) => t('novelty:features.title'),
    render: (result, draft, sc) => renderFeatures(draft ?? featuresOf(result), sc.ctx.t),
    confirm: {
      button: (t) => t('novelty:confirm'),
      input: (result, draft) => draft ?? featuresOf(result),
      send: {
        operation: 'AI35-5',
        label: (t) => t('novelty:features.sending'),
        async run(sc, features) {
          const kept = confirmedFeatures(features);
          await sc.ctx.platform.call('AI35-5', { task_id: taskIdOf(sc), tech_features: kept });
          return { next: 'elements', data: { features: kept } };
        },
      },
    },
    forms: {
      edit: {
        button: (t) => t('novelty:edit'),
        title: (t) => t('novelty:features.formTitle'),
        submitLabel: (t) => t('novelty:save'),
        submits: 'review',
        fields: (result, draft, sc) => editFields(draft ?? featuresOf(result), sc.ctx.t),
        apply: (fields, result, draft, sc) => applyEdit(fields, draft ?? featuresOf(result), sc.ctx.t),
      },
    },
  },
});
