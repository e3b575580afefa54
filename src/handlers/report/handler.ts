/** `/iip report <technology question> [--auto-outline] [--let-others-confirm]`: a technology pre-research report (AI34, beta) in a thread (arguments: options.ts). */
import { othersData, othersMayConfirmIn } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { answerCommand, nothingSent, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler } from '../workflow/index.js';
import type { Handler } from '../../core/handler.js';
import type { Translate } from '../../i18n/index.js';
import type { ReportData } from './data.js';
import { REPORT } from './definition.js';
import { FRESH_LINK_ACTION, postFreshLink } from './link.js';
import { AUTO_OUTLINE_FLAG, parseReportArgs } from './options.js';

const usage = (prefix: string, t: Translate) => t('report:usage', { prefix, flag: AUTO_OUTLINE_FLAG });

const base = workflowHandler<ReportData>(REPORT, {
  verbs: ['report'],
  help: {
    summary: (t) => t('report:help.summary'),
    usage: (t) => t('report:help.usage'),
    example: (t) => t('report:help.example'),
  },
  async command(ctx, { incoming, args }) {
    const { t } = ctx;
    const parsed = parseReportArgs(args, t);
    if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, usage);
    if ('usage' in parsed) return answerCommand(ctx, incoming, usageLine(ctx, usage));
    if ('tooLong' in parsed) return answerCommand(ctx, incoming, nothingSent(parsed.tooLong, t));
    const { question, autoOutline, othersMayConfirm } = parsed;
    const parent = parentMessage(
      incoming.user.id,
      t('report:started'),
      question,
      t(autoOutline ? 'report:autoContext' : 'report:reviewContext', {
        others: othersNote(othersMayConfirmIn(ctx.settings, othersMayConfirm, { reviews: !autoOutline }), t),
      }),
      t,
    );
    const data: ReportData = { question, outline: [], ...(autoOutline ? { autoOutline: true } : {}), ...othersData(othersMayConfirm) };
    await startWorkflow(ctx, REPORT, { incoming, parent, start: autoOutline ? 'auto' : 'main', data, input: undefined });
  },
});

/** Get a fresh link works under the finished report; every other click is the workflow's. */
export const reportHandler: Handler = {
  ...base,
  action: (ctx, incoming, record) =>
    incoming.action === FRESH_LINK_ACTION ? postFreshLink(ctx, incoming, record) : base.action!(ctx, incoming, record),
};
