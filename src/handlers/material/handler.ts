/** `/iip material <problem> [--lang en|cn]`: material solution finding (AI73) in a thread. */
import type { HandlerContext } from '../../core/handler.js';
import type { Translate } from '../../i18n/index.js';
import { othersMayConfirmIn } from '../shared/others-confirm.js';
import { othersNote, parseProblemArgs } from '../shared/problem-args.js';
import { parentMessage, refuseCommand, startWorkflow, workflowHandler } from '../workflow/index.js';
import { MAX_MATERIAL_CHARS, type MaterialData } from './data.js';
import { MATERIAL } from './definition.js';

export const materialUsage = (prefix: string, t: Translate): string => t('material:usage', { prefix });

export const materialHandler = workflowHandler<MaterialData>(MATERIAL, {
  verbs: ['material'],
  help: {
    summary: (t) => t('material:help.summary'),
    usage: (t) => t('material:help.usage'),
    example: (t) => t('material:help.example'),
  },
  async command(ctx: HandlerContext, { incoming, args }) {
    const { t } = ctx;
    const parsed = parseProblemArgs(args, ctx.settings.lang, { noun: t('material:problemNoun'), maxChars: MAX_MATERIAL_CHARS }, t);
    if ('refusal' in parsed) return refuseCommand(ctx, incoming, parsed.refusal, materialUsage);
    const parent = parentMessage(
      incoming.user.id,
      t('material:started'),
      parsed.problem,
      t('material:startContext', { others: othersNote(othersMayConfirmIn(ctx.settings, parsed.othersMayConfirm), t) }),
      t,
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
