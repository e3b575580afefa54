/** `/iip material <problem> [--lang en|cn]`: material solution finding (AI73) in a thread. */
import type { HandlerContext } from '../../core/handler.js';
import { othersNote, parseProblemArgs } from '../shared/problem-args.js';
import { parentMessage, refuseCommand, startWorkflow, workflowHandler } from '../workflow/index.js';
import { MAX_MATERIAL_CHARS, type MaterialData } from './data.js';
import { MATERIAL } from './definition.js';

export const materialUsage = (prefix: string): string => `Usage: \`${prefix}material <problem> [--lang en|cn]\``;

export const materialHandler = workflowHandler<MaterialData>(MATERIAL, {
  verbs: ['material'],
  help: {
    summary:
      'material solution finding (AI73): see the thinking process, confirm recommended solutions, get the technical mind map and a detailed implementation plan for any of its nodes',
    usage: 'material <problem> [--lang en|cn]',
    example: 'material Improve the UV protection of a zinc-oxide sunscreen without whitening',
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const parsed = parseProblemArgs(args, ctx.settings.lang, { noun: 'problem', maxChars: MAX_MATERIAL_CHARS });
    if ('refusal' in parsed) return refuseCommand(ctx, incoming, parsed.refusal, materialUsage);
    const parent = parentMessage(
      incoming.user.id,
      'started a material solution finding',
      parsed.problem,
      `The thinking process shows up here, then recommendations to confirm and the mind map.${othersNote(parsed.othersMayConfirm)}`,
    );
    await startWorkflow(ctx, MATERIAL, {
      incoming,
      parent,
      start: 'main',
      data: { problem: parsed.problem, lang: parsed.lang, ...(parsed.othersMayConfirm ? { othersMayConfirm: true } : {}) },
      input: undefined,
    });
  },
});
