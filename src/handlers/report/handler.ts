/** `/iip report <technology question> [--auto-outline] [--let-others-confirm]`: a technology pre-research report (AI34, beta) in a thread. */
import { othersData, takeOthersFlag } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { answerCommand, nothingSent, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler } from '../workflow/index.js';
import type { Handler } from '../../core/handler.js';
import { t } from '../../i18n/index.js';
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
  return withValue ? { problem: t('report:noValue', { flag: AUTO_OUTLINE_FLAG }) } : { rest, autoOutline };
}

const usage = (prefix: string) => t('report:usage', { prefix, flag: AUTO_OUTLINE_FLAG });

const base = workflowHandler<ReportData>(REPORT, {
  verbs: ['report'],
  help: {
    get summary() {
      return t('report:help.summary');
    },
    get usage() {
      return t('report:help.usage');
    },
    get example() {
      return t('report:help.example');
    },
  },
  async command(ctx, { incoming, args }) {
    const taken = takeOthersFlag(args);
    if ('problem' in taken) return refuseCommand(ctx, incoming, taken.problem, usage);
    const auto = takeAutoOutline(taken.rest);
    if ('problem' in auto) return refuseCommand(ctx, incoming, auto.problem, usage);
    const question = auto.rest.replace(/\s+/g, ' ').trim();
    if (Array.from(question).length < MIN_QUESTION_CHARS) return answerCommand(ctx, incoming, usageLine(ctx, usage));
    if (question.length > MAX_QUESTION_CHARS) {
      const limit = t('report:tooLong', { max: MAX_QUESTION_CHARS, length: question.length });
      return answerCommand(ctx, incoming, nothingSent(limit));
    }
    const parent = parentMessage(
      incoming.user.id,
      t('report:started'),
      question,
      t(auto.autoOutline ? 'report:autoContext' : 'report:reviewContext', { others: othersNote(taken.othersMayConfirm) }),
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
