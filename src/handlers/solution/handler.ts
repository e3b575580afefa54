/** `/iip solution <technical problem> [--lang en|cn]`: technical solution exploration (AI33 v3) in a thread. */
import type { HandlerContext } from '../../core/handler.js';
import { othersNote, parseProblemArgs } from '../shared/problem-args.js';
import { parentMessage, refuseCommand, startWorkflow, workflowHandler } from '../workflow/index.js';
import { MAX_PROBLEM_CHARS, type SolutionData } from './data.js';
import { SOLUTION } from './definition.js';

export const solutionUsage = (prefix: string): string =>
  `Usage: \`${prefix}solution <technical problem> [--lang en|cn]\` (at most ${MAX_PROBLEM_CHARS} characters).`;

export const parseSolutionArgs = (args: string, defaultLang: 'en' | 'cn') =>
  parseProblemArgs(args, defaultLang, { noun: 'technical problem', maxChars: MAX_PROBLEM_CHARS, platformLimit: true });

export const solutionHandler = workflowHandler<SolutionData>(SOLUTION, {
  verbs: ['solution'],
  help: {
    summary:
      'technical solution exploration (AI33): tick goals and constraints, then technical directions, then get the solutions with their innovations, improvements and references',
    usage: 'solution <technical problem> [--lang en|cn]',
    example: 'solution Improve the energy density of lithium battery anodes without raising cost',
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const parsed = parseSolutionArgs(args, ctx.settings.lang);
    if ('refusal' in parsed) return refuseCommand(ctx, incoming, parsed.refusal, solutionUsage);
    const parent = parentMessage(
      incoming.user.id,
      'started a technical solution exploration',
      parsed.problem,
      `Choose goals and directions here step by step; the solutions follow.${othersNote(parsed.othersMayConfirm)}`,
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
