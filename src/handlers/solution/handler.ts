/** `/iip solution <technical problem> [--lang en|cn]`: technical solution exploration (AI33 v3) in a thread. */
import type { HandlerContext } from '../../core/handler.js';
import type { Translate } from '../../i18n/index.js';
import { othersMayConfirmIn } from '../shared/others-confirm.js';
import { othersNote, parseProblemArgs } from '../shared/problem-args.js';
import { parentMessage, refuseCommand, startWorkflow, workflowHandler } from '../workflow/index.js';
import { MAX_PROBLEM_CHARS, type SolutionData } from './data.js';
import { SOLUTION } from './definition.js';

export const solutionUsage = (prefix: string, t: Translate): string => t('solution:usage', { prefix, max: MAX_PROBLEM_CHARS });

export const parseSolutionArgs = (args: string, defaultLang: 'en' | 'cn', t: Translate) =>
  parseProblemArgs(args, defaultLang, { noun: t('solution:problemNoun'), maxChars: MAX_PROBLEM_CHARS, platformLimit: true }, t);

export const solutionHandler = workflowHandler<SolutionData>(SOLUTION, {
  verbs: ['solution'],
  help: {
    summary: (t) => t('solution:help.summary'),
    usage: (t) => t('solution:help.usage'),
    example: (t) => t('solution:help.example'),
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const { t } = ctx;
    const parsed = parseSolutionArgs(args, ctx.settings.lang, t);
    if ('refusal' in parsed) return refuseCommand(ctx, incoming, parsed.refusal, solutionUsage);
    const parent = parentMessage(
      incoming.user.id,
      t('solution:started'),
      parsed.problem,
      t('solution:startContext', { others: othersNote(othersMayConfirmIn(ctx.settings, parsed.othersMayConfirm), t) }),
      t,
    );
    await startWorkflow(ctx, SOLUTION, {
      incoming,
      parent,
      start: 'main',
      data: { problem: parsed.problem, lang: parsed.lang, ...(parsed.othersMayConfirm ? { othersMayConfirm: true } : {}) },
      input: undefined,
    });
  },
});
