/** `/iip material <problem> [--lang en|cn]`: material solution finding (AI73) in a thread. */
import type { HandlerContext } from '../../core/handler.js';
import { markdown, mention, quoteUserText, type OutgoingMessage } from '../../core/message.js';
import { clip } from '../novelty/text.js';
import { parseProblemArgs } from '../solution/args.js';
import { startWorkflow } from '../workflow/start.js';
import { workflowHandler } from '../workflow/handler.js';
import { MAX_MATERIAL_CHARS, type MaterialData } from './data.js';
import { MATERIAL } from './definition.js';

const PREFIX = { slack: '/iip ', teams: '@iip ', console: '' } as const;

export const materialUsage = (prefix: string): string => `Usage: \`${prefix}material <problem> [--lang en|cn]\``;

function parentMessage(userId: string, problem: string): OutgoingMessage {
  const text = `${mention(userId)} started a material solution finding:\n> ${quoteUserText(clip(problem, 600)).replace(/\n/g, '\n> ')}`;
  return { text, blocks: [{ type: 'markdown', text }, { type: 'context', text: 'The thinking process shows up here, then recommendations to confirm and the mind map.' }] };
}

export const materialHandler = workflowHandler<MaterialData>(MATERIAL, {
  verbs: ['material'],
  help: {
    summary: 'material solution finding (AI73): see the thinking process, confirm recommended solutions, get the technical mind map and a detailed implementation plan for any of its nodes',
    usage: 'material <problem> [--lang en|cn]',
    example: 'material Improve the UV protection of a zinc-oxide sunscreen without whitening',
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const parsed = parseProblemArgs(args, ctx.settings.lang, { noun: 'problem', maxChars: MAX_MATERIAL_CHARS });
    if ('refusal' in parsed) {
      const where = { thread: incoming.thread, conversation: incoming.conversation };
      return ctx.messenger.notify(where, incoming.user.id, markdown(`${parsed.refusal} Nothing was sent.\n${materialUsage(PREFIX[ctx.messenger.chat])}`));
    }
    await startWorkflow(ctx, MATERIAL, {
      incoming, parent: parentMessage(incoming.user.id, parsed.problem), start: 'main', data: { problem: parsed.problem, lang: parsed.lang }, input: undefined,
    });
  },
});
