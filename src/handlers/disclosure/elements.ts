/**
 * AI32-1's key elements (background, problem, mechanism, outcome, embodiment, applications) shown for review.
 * Each has its own Edit form; an edit is shown again. Generate sends AI32-2 with the elements as they stand.
 */
import type { Block, FormField } from '../../core/message.js';
import { UnexpectedResponseError } from '../../platform/errors.js';
import type { Translate } from '../../i18n/index.js';
import { defineStep, type FormDefinition, FormProblem } from '../workflow/index.js';
import { truncate } from '../../core/text.js';
import { quoted } from '../shared/text.js';
import { generateRequest, meansSchema, type DisclosureData, type DisclosureStep, type Means } from './data.js';

type TextKey = 'background' | 'tech_problem' | 'mechanism' | 'outcome' | 'embodiment';
type ElementKey = TextKey | 'application';
type ElementForm = 'background' | 'problem' | 'mechanism' | 'outcome' | 'embodiment' | 'applications';

const labelOf = (form: ElementForm, t: Translate): string => t(`disclosure:element.${form}`);

/** In the order of a disclosure; `form` is the form's (and its button's) name, and names its words in the catalog. */
export const ELEMENTS: readonly { key: ElementKey; form: ElementForm }[] = [
  { key: 'background', form: 'background' },
  { key: 'tech_problem', form: 'problem' },
  { key: 'mechanism', form: 'mechanism' },
  { key: 'outcome', form: 'outcome' },
  { key: 'embodiment', form: 'embodiment' },
  { key: 'application', form: 'applications' },
];

const MAX_ELEMENT_CHARS = 3_000;
const SHOWN_CHARS = 700;

const elementText = (means: Means, key: ElementKey): string => (key === 'application' ? means.application.join('\n') : means[key]);

function shownMeans(sc: { data: DisclosureData }, draft: Means | undefined): Means {
  const means = draft ?? sc.data.means;
  if (!means) throw new Error('the key elements of this disclosure are not recorded');
  return means;
}

export function renderElements(means: Means, t: Translate): Block[] {
  const blocks: Block[] = [];
  if (means.unidentified) blocks.push({ type: 'context', text: `⚠️ ${truncate(means.unidentified, 300)}` });
  for (const { key, form } of ELEMENTS) {
    const label = labelOf(form, t);
    const value = key === 'application' ? means.application.map((a) => `• ${a}`).join('\n') : elementText(means, key);
    blocks.push({ type: 'markdown', text: `**${label}**\n${quoted(value, t, SHOWN_CHARS)}` });
  }
  blocks.push({
    type: 'context',
    text: t('disclosure:hint'),
  });
  return blocks;
}

function editForm({ key, form }: (typeof ELEMENTS)[number]): FormDefinition<DisclosureData, undefined, Means> {
  const list = key === 'application';
  return {
    button: (t) => t(`disclosure:edit.${form}`),
    title: (t) => labelOf(form, t),
    submitLabel: (t) => t('disclosure:save'),
    submits: 'review',
    fields(_result, draft, sc): FormField[] {
      const { t } = sc.ctx;
      return [
        {
          id: 'value',
          label: list ? t('disclosure:oneALine', { label: labelOf(form, t) }) : labelOf(form, t),
          kind: 'multiline',
          maxLength: MAX_ELEMENT_CHARS,
          initial: elementText(shownMeans(sc, draft), key),
          optional: key !== 'mechanism',
        },
      ];
    },
    apply(fields, _result, draft, sc) {
      const { t } = sc.ctx;
      const text = String(fields.value ?? '').trim();
      if (key === 'mechanism' && !text) throw new FormProblem(t('disclosure:mechanismEmpty'));
      const means = shownMeans(sc, draft);
      if (list)
        return {
          ...means,
          application: text
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        };
      return { ...means, [key]: text };
    },
  };
}

export const elementsStep = defineStep<DisclosureData, undefined, Means, DisclosureStep>({
  stores: meansSchema,
  review: {
    title: (t) => t('disclosure:title'),
    render: (_result, draft, sc) => renderElements(shownMeans(sc, draft), sc.ctx.t),
    confirm: {
      button: (t) => t('disclosure:generate'),
      input: (_result, draft, sc) => shownMeans(sc, draft),
      send: {
        operation: 'AI32-2',
        label: (t) => t('disclosure:starting'),
        async run(sc, means) {
          const job = await sc.ctx.platform.call('AI32-2', generateRequest(sc.data, means));
          if (!job.job_id) throw new UnexpectedResponseError({ operation: 'AI32-2' }, 'no job_id in the answer');
          return { next: 'writing', ids: { job_id: job.job_id }, data: { means } };
        },
      },
    },
    forms: Object.fromEntries(ELEMENTS.map((element) => [element.form, editForm(element)])),
  },
});
