/**
 * AI32-1's key elements (background, problem, mechanism, outcome, embodiment, applications) shown for review.
 * Each has its own Edit form; an edit is shown again. Generate sends AI32-2 with the elements as they stand.
 */
import type { Block, FormField } from '../../core/message.js';
import { UnexpectedResponseError } from '../../platform/errors.js';
import { defineStep, type FormDefinition, FormProblem } from '../workflow/index.js';
import { truncate } from '../../core/text.js';
import { quoted } from '../shared/text.js';
import { generateRequest, type DisclosureData, type Means } from './data.js';

type TextKey = 'background' | 'tech_problem' | 'mechanism' | 'outcome' | 'embodiment';
type ElementKey = TextKey | 'application';

/** In the order of a disclosure; `form` is the form's (and its button's) name. */
export const ELEMENTS: readonly { key: ElementKey; label: string; form: string }[] = [
  { key: 'background', label: 'Background', form: 'background' },
  { key: 'tech_problem', label: 'Problem', form: 'problem' },
  { key: 'mechanism', label: 'Mechanism', form: 'mechanism' },
  { key: 'outcome', label: 'Outcome', form: 'outcome' },
  { key: 'embodiment', label: 'Embodiment', form: 'embodiment' },
  { key: 'application', label: 'Applications', form: 'applications' },
];

const MAX_ELEMENT_CHARS = 3_000;
const SHOWN_CHARS = 700;

const elementText = (means: Means, key: ElementKey): string => (key === 'application' ? means.application.join('\n') : means[key]);

function shownMeans(sc: { data: DisclosureData }, draft: Means | undefined): Means {
  const means = draft ?? sc.data.means;
  if (!means) throw new Error('the key elements of this disclosure are not recorded');
  return means;
}

export function renderElements(means: Means): Block[] {
  const blocks: Block[] = [];
  if (means.unidentified) blocks.push({ type: 'context', text: `⚠️ ${truncate(means.unidentified, 300)}` });
  for (const { key, label } of ELEMENTS) {
    const value = key === 'application' ? means.application.map((a) => `• ${a}`).join('\n') : elementText(means, key);
    blocks.push({ type: 'markdown', text: `**${label}**\n${quoted(value, SHOWN_CHARS)}` });
  }
  blocks.push({
    type: 'context',
    text: 'Generate drafts the disclosure from these elements; the text appears here as it is written, then the document to download. Edit any of them first.',
  });
  return blocks;
}

function editForm({ key, label }: (typeof ELEMENTS)[number]): FormDefinition<DisclosureData, undefined, Means> {
  const list = key === 'application';
  return {
    button: `Edit ${label.toLowerCase()}`,
    title: label,
    submitLabel: 'Save',
    submits: 'review',
    fields: (_result, draft, sc): FormField[] => [
      {
        id: 'value',
        label: list ? `${label}: one a line` : label,
        kind: 'multiline',
        maxLength: MAX_ELEMENT_CHARS,
        initial: elementText(shownMeans(sc, draft), key),
        optional: key !== 'mechanism',
      },
    ],
    apply(fields, _result, draft, sc) {
      const text = String(fields.value ?? '').trim();
      if (key === 'mechanism' && !text) throw new FormProblem('The mechanism cannot be empty: the disclosure is built on it. Nothing was changed.');
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

export const elementsStep = defineStep<DisclosureData, undefined, Means>({
  review: {
    title: 'Technical disclosure · Key elements',
    render: (_result, draft, sc) => renderElements(shownMeans(sc, draft)),
    confirm: {
      button: 'Generate',
      input: (_result, draft, sc) => shownMeans(sc, draft),
      send: {
        operation: 'AI32-2',
        label: 'Starting the disclosure draft',
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
