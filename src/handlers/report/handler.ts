/** `/iip report <technology question> [--auto-outline] [--let-others-confirm]`: a technology pre-research report (AI34, beta) in a thread. */
import { othersData, takeOthersFlag } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { answerCommand, nothingSent, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler } from '../workflow/index.js';
import type { Handler } from '../../core/handler.js';
import type { ReportData } from './data.js';
import { REPORT } from './definition.js';
import { FRESH_LINK_ACTION, postFreshLink } from './link.js';

/** No published limit for AI34-1's question; a Slack command carries a few thousand characters at most anyway. */
export const MAX_QUESTION_CHARS = 2_000;
const MIN_QUESTION_CHARS = 5;

export const AUTO_OUTLINE_FLAG = '--auto-outline';
const autoOutlinePattern = /(^|\s)--auto-outline(=\S*)?(?=\s|$)/gi;

/** The question without `--auto-outline` and whether it was given; a value (`--auto-outline=yes`) is a problem. */
function takeAutoOutline(args: string): { rest: string; autoOutline: boolean } | { problem: string } {
  let autoOutline = false;
  let withValue = false;
  const rest = args.replace(autoOutlinePattern, (_all, space: string, value: string | undefined) => {
    autoOutline = true;
    if (value !== undefined) withValue = true;
    return space;
  });
  return withValue ? { problem: `\`${AUTO_OUTLINE_FLAG}\` takes no value.` } : { rest, autoOutline };
}

const usage = (prefix: string) =>
  `Usage: \`${prefix}report <technology question> [${AUTO_OUTLINE_FLAG}] [--let-others-confirm]\`, e.g. \`${prefix}report Solid-state electrolytes for fast-charging EV batteries\`.`;

const base = workflowHandler<ReportData>(REPORT, {
  verbs: ['report'],
  help: {
    summary:
      'technology pre-research report (beta): review or extend the outline (or `--auto-outline`: the platform picks it and writes at once), then get the report link with its head players and key patents',
    usage: 'report <technology question> [--auto-outline] [--let-others-confirm]',
    example: 'report Solid-state electrolytes for fast-charging electric vehicle batteries',
  },
  async command(ctx, { incoming, args }) {
    const taken = takeOthersFlag(args);
    if ('problem' in taken) return refuseCommand(ctx, incoming, taken.problem, usage);
    const auto = takeAutoOutline(taken.rest);
    if ('problem' in auto) return refuseCommand(ctx, incoming, auto.problem, usage);
    const question = auto.rest.replace(/\s+/g, ' ').trim();
    if (Array.from(question).length < MIN_QUESTION_CHARS) return answerCommand(ctx, incoming, usageLine(ctx, usage));
    if (question.length > MAX_QUESTION_CHARS) {
      const limit = `The technology question can be at most ${MAX_QUESTION_CHARS.toLocaleString('en-US')} characters; yours has ${question.length.toLocaleString('en-US')}.`;
      return answerCommand(ctx, incoming, nothingSent(limit));
    }
    const parent = parentMessage(
      incoming.user.id,
      'asked for a technology pre-research report (beta)',
      question,
      `${auto.autoOutline ? 'The platform picks the outline and writes the report at once' : 'Review the outline here, then Generate'}; the report link follows when it is written.${othersNote(taken.othersMayConfirm)}`,
    );
    const data: ReportData = { question, outline: [], ...(auto.autoOutline ? { autoOutline: true } : {}), ...othersData(taken.othersMayConfirm) };
    await startWorkflow(ctx, REPORT, { incoming, parent, start: auto.autoOutline ? 'auto' : 'main', data, input: undefined });
  },
});

/** Get a fresh link works under the finished report; every other click is the workflow's. */
export const reportHandler: Handler = {
  ...base,
  action: (ctx, incoming, record) =>
    incoming.action === FRESH_LINK_ACTION ? postFreshLink(ctx, incoming, record) : base.action!(ctx, incoming, record),
};
