/** Technical disclosure drafting (AI32) as a workflow: extract → review the key elements → generate → stream → download. */
import { defineSend, type WorkflowDefinition } from '../workflow/index.js';
import { disclosureData, meansOf, type DisclosureData, type DisclosureStep } from './data.js';
import { elementsStep } from './elements.js';
import { writingStep } from './writing.js';

const extract = defineSend<DisclosureData, DisclosureStep>({
  operation: 'AI32-1',
  label: (t) => t('disclosure:extracting'),
  async run(sc) {
    const extracted = await sc.ctx.platform.call('AI32-1', { tech_solution: sc.data.idea });
    return { next: 'elements', data: { means: meansOf(extracted) } };
  },
});

export const DISCLOSURE: WorkflowDefinition<DisclosureData, DisclosureStep> = {
  name: 'disclosure',
  noun: (t) => t('disclosure:noun'),
  data: disclosureData,
  steps: { elements: elementsStep, writing: writingStep },
  starts: { main: { step: 'elements', send: extract } },
};
