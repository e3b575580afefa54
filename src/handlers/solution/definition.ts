/** The technical solution exploration (AI33 v3) as a workflow: submit, two choices, then the solutions. */
import type { DataOf } from '../../platform/operations.js';
import { defineSend, defineStep, type WorkflowDefinition } from '../workflow/index.js';
import { directionsStep, optionsStep } from './choices.js';
import { requireTaskId } from '../shared/platform-values.js';
import { solutionData, taskIdOf, type SolutionData, type SolutionStep } from './data.js';
import { solutionMessages, solutionMindMap, solutionsSummary } from './render.js';
import { postPicture } from '../shared/images/post-picture.js';

const submit = defineSend<SolutionData, SolutionStep>({
  operation: 'AI33-1',
  label: (t) => t('solution:submitting'),
  async run(sc) {
    const created = await sc.ctx.platform.call('AI33-1', { lang: sc.data.lang, solution_issues: sc.data.problem });
    return { next: 'options', ids: { task_id: requireTaskId('AI33-1', created.task_id) } };
  },
});

/** Step 3: AI33-6 until the solutions are there (the agent's narration streams meanwhile); each is posted. */
const finalStep = defineStep<SolutionData, DataOf<'AI33-6'>, never, SolutionStep>({
  poll: {
    operation: 'AI33-6',
    label: (t) => t('solution:final.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI33-6', { task_id: taskIdOf(sc) }, { signal }),
    stream: (sc, signal) => sc.ctx.platform.stream('AGENT-SSE', { job_id: taskIdOf(sc) }, { signal }),
    status: (t) => t('solution:final.status'),
    deadlineMs: 30 * 60_000,
  },
  async proceed(result, sc) {
    const { t } = sc.ctx;
    const map = result.solution ?? { title: sc.data.problem, cells: [] };
    const messages = solutionMessages(map, t);
    for (const message of messages) await sc.ctx.messenger.post(sc.thread, message);
    const picture =
      messages.length > 0
        ? await postPicture(sc.ctx, sc.thread, t('solution:final.picture'), async () => (await solutionMindMap(map, t)).png)
        : 'unsupported';
    return { done: solutionsSummary(map, messages.length, sc.record.startedBy, t, picture === 'shown') };
  },
});

export const SOLUTION: WorkflowDefinition<SolutionData, SolutionStep> = {
  name: 'solution',
  noun: (t) => t('solution:noun'),
  data: solutionData,
  steps: { options: optionsStep, directions: directionsStep, final: finalStep },
  starts: { main: { step: 'options', send: submit } },
};
