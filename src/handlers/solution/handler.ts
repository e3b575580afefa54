/** `/iip solution <technical problem> [--lang en|cn]`: technical solution exploration (AI33 v3) in a thread. */
import type { HandlerContext } from '../../core/handler.js';
import { markdown, mention, quoteUserText, type OutgoingMessage } from '../../core/message.js';
import { clip } from '../novelty/text.js';
import { startWorkflow } from '../workflow/start.js';
import { workflowHandler } from '../workflow/handler.js';
import { parseProblemArgs } from './args.js';
import { MAX_PROBLEM_CHARS, type SolutionData } from './data.js';
import { SOLUTION } from './definition.js';

const PREFIX = { slack: '/iip ', teams: '@iip ', console: '' } as const;

export const solutionUsage = (prefix: string): string =>
  `Usage: \`${prefix}solution <technical problem> [--lang en|cn]\` (at most ${MAX_PROBLEM_CHARS} characters).`;

export const parseSolutionArgs = (args: string, defaultLang: 'en' | 'cn') =>
  parseProblemArgs(args, defaultLang, { noun: 'technical problem', maxChars: MAX_PROBLEM_CHARS, platformLimit: true });

function parentMessage(userId: string, problem: string): OutgoingMessage {
  const text = `${mention(userId)} started a technical solution exploration:\n> ${quoteUserText(clip(problem, 600)).replace(/\n/g, '\n> ')}`;
  return { text, blocks: [{ type: 'markdown', text }, { type: 'context', text: 'Choose goals and directions here step by step; the solutions follow.' }] };
}

export const solutionHandler = workflowHandler<SolutionData>(SOLUTION, {
  verbs: ['solution'],
  help: {
    summary: 'technical solution exploration (AI33): tick goals and constraints, then technical directions, then get the solutions with their innovations, improvements and references',
    usage: 'solution <technical problem> [--lang en|cn]',
    example: 'solution Improve the energy density of lithium battery anodes without raising cost',
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const parsed = parseSolutionArgs(args, ctx.settings.lang);
    if ('refusal' in parsed) {
      const where = { thread: incoming.thread, conversation: incoming.conversation };
      return ctx.messenger.notify(where, incoming.user.id, markdown(`${parsed.refusal} Nothing was sent.\n${solutionUsage(PREFIX[ctx.messenger.chat])}`));
    }
    await startWorkflow(ctx, SOLUTION, {
      incoming, parent: parentMessage(incoming.user.id, parsed.problem), start: 'main', data: { problem: parsed.problem, lang: parsed.lang }, input: undefined,
    });
  },
});
