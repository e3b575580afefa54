/** Step 1: AI35-2 summarises the submitted idea; Confirm (or a submitted edit) sends AI35-3. */
import type { DataOf } from '../../platform/operations.js';
import { defineStep, FormProblem } from '../workflow/index.js';
import { taskIdOf, type NoveltyData } from './data.js';
import { solutionInput, type NoveltyStep } from './stored.js';
import { quoted } from '../shared/text.js';

type Summary = DataOf<'AI35-2'>;
interface SolutionInput {
  /** set when the user edited the text; absent, AI35-3 confirms the platform's own summary */
  tech_solution?: string;
}

const MAX_SOLUTION_CHARS = 5_000;

export const solutionStep = defineStep<NoveltyData, Summary, SolutionInput, NoveltyStep>({
  stores: solutionInput,
  poll: {
    operation: 'AI35-2',
    label: (t) => t('novelty:solution.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI35-2', { task_id: taskIdOf(sc) }, { signal }),
    deadlineMs: 15 * 60_000,
  },
  review: {
    title: (t) => t('novelty:solution.title'),
    render: (result, draft, sc) => {
      const { t } = sc.ctx;
      return [
        { type: 'markdown', text: quoted(draft?.tech_solution ?? result.tech_solution ?? '', t) },
        { type: 'context', text: t('novelty:solution.hint') },
      ];
    },
    confirm: {
      button: (t) => t('novelty:confirm'),
      // the text as the user saved it (Edit), else the platform's summary as it stands
      input: (_result, draft) => draft ?? {},
      send: {
        operation: 'AI35-3',
        label: (t) => t('novelty:solution.sending'),
        async run(sc, input) {
          const request = { task_id: taskIdOf(sc), ...(input.tech_solution ? { tech_solution: input.tech_solution } : {}) };
          await sc.ctx.platform.call('AI35-3', request);
          return { next: 'features' };
        },
      },
    },
    forms: {
      edit: {
        button: (t) => t('novelty:edit'),
        title: (t) => t('novelty:solution.formTitle'),
        submitLabel: (t) => t('novelty:save'),
        submits: 'review',
        fields: (result, draft, sc) => {
          const { t } = sc.ctx;
          return [
            {
              id: 'solution',
              label: t('novelty:solution.field'),
              kind: 'multiline',
              initial: draft?.tech_solution ?? result.tech_solution ?? '',
              maxLength: MAX_SOLUTION_CHARS,
            },
          ];
        },
        apply(fields, _result, _draft, sc) {
          const { t } = sc.ctx;
          const text = String(fields.solution ?? '').trim();
          if (!text) throw new FormProblem(t('novelty:solution.empty'));
          return { tech_solution: text };
        },
      },
    },
  },
});
