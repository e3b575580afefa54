/** Material solution finding (AI73) as a workflow: submit, thinking and recommendations, mind map, node plans. */
import { UnexpectedResponseError } from '../../platform/errors.js';
import { defineSend, type WorkflowDefinition } from '../workflow/index.js';
import { materialData, type MaterialData, type MaterialStep } from './data.js';
import { mindStep, planStep } from './mind.js';
import { recommendStep } from './recommend.js';

const submit = defineSend<MaterialData, MaterialStep>({
  operation: 'AI73-1',
  label: (t) => t('material:submitting'),
  async run(sc) {
    const created = await sc.ctx.platform.call('AI73-1', { input: sc.data.problem, lang: sc.data.lang });
    if (!created.task_id) throw new UnexpectedResponseError({ operation: 'AI73-1' }, 'no task_id in the answer');
    return { next: 'recommend', ids: { task_id: created.task_id } };
  },
});

export const MATERIAL: WorkflowDefinition<MaterialData, MaterialStep> = {
  name: 'material',
  noun: (t) => t('material:noun'),
  data: materialData,
  steps: { recommend: recommendStep, mind: mindStep, plan: planStep },
  starts: { main: { step: 'recommend', send: submit } },
};
