/** `/iip report <technology question> [--let-others-confirm]`: a technology pre-research report (AI34, beta) in a thread. */
import { othersData, takeOthersFlag } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { answerCommand, nothingSent, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler } from '../workflow/index.js';
import type { ReportData } from './data.js';
import { REPORT } from './definition.js';

/** No published limit for AI34-1's question; a Slack command carries a few thousand characters at most anyway. */
export const MAX_QUESTION_CHARS = 2_000;
const MIN_QUESTION_CHARS = 5;

const usage = (prefix: string) =>
  `Usage: \`${prefix}report <technology question> [--let-others-confirm]\`, e.g. \`${prefix}report Solid-state electrolytes for fast-charging EV batteries\`.`;

export const reportHandler = workflowHandler<ReportData>(REPORT, {
  verbs: ['report'],
  help: {
    summary: 'technology pre-research report (beta): review or extend the outline, then get the report link with its head players and key patents',
    usage: 'report <technology question> [--let-others-confirm]',
    example: 'report Solid-state electrolytes for fast-charging electric vehicle batteries',
  },
  async command(ctx, { incoming, args }) {
    const taken = takeOthersFlag(args);
    if ('problem' in taken) return refuseCommand(ctx, incoming, taken.problem, usage);
    const question = taken.rest.replace(/\s+/g, ' ').trim();
    if (Array.from(question).length < MIN_QUESTION_CHARS) return answerCommand(ctx, incoming, usageLine(ctx, usage));
    if (question.length > MAX_QUESTION_CHARS) {
      const limit = `The technology question can be at most ${MAX_QUESTION_CHARS.toLocaleString('en-US')} characters; yours has ${question.length.toLocaleString('en-US')}.`;
      return answerCommand(ctx, incoming, nothingSent(limit));
    }
    const parent = parentMessage(
      incoming.user.id,
      'asked for a technology pre-research report (beta)',
      question,
      `Review the outline here, then Generate; the report link follows when it is written.${othersNote(taken.othersMayConfirm)}`,
    );
    const data: ReportData = { question, outline: [], ...othersData(taken.othersMayConfirm) };
    await startWorkflow(ctx, REPORT, { incoming, parent, start: 'main', data, input: undefined });
  },
});
