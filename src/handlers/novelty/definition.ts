/** The novelty search as a workflow: the guided AI35 steps and the older one-shot group, and how each starts. */
import { defineSend, type WorkflowDefinition } from '../workflow/index.js';
import { requireTaskId } from '../shared/platform-values.js';
import { submitRequest, type NoveltyData } from './data.js';
import { noveltyData, type NoveltyStep } from './stored.js';
import { elementsStep } from './elements.js';
import { featuresStep } from './features.js';
import { quickReportStep, quickResultsStep, quickStart } from './quick.js';
import { referencesStep } from './references.js';
import { reportStep, titleStep } from './report.js';
import { solutionStep } from './solution.js';

const guidedStart = defineSend<NoveltyData, NoveltyStep>({
  operation: 'AI35-1',
  label: (t) => t('novelty:submitting'),
  async run(sc) {
    const created = await sc.ctx.platform.call('AI35-1', submitRequest(sc.data));
    return { next: 'solution', ids: { task_id: requireTaskId('AI35-1', created.task_id) } };
  },
});

export const NOVELTY: WorkflowDefinition<NoveltyData, NoveltyStep> = {
  name: 'novelty',
  noun: (t) => t('novelty:noun'),
  data: noveltyData,
  steps: {
    solution: solutionStep,
    features: featuresStep,
    elements: elementsStep,
    references: referencesStep,
    title: titleStep,
    report: reportStep,
    'quick-results': quickResultsStep,
    'quick-report': quickReportStep,
  },
  starts: {
    guided: { step: 'solution', send: guidedStart },
    quick: { step: 'quick-results', send: quickStart },
  },
};
