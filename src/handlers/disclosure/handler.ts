/** `/iip disclosure <technical idea> [--lang en|cn] [--let-others-confirm]`: a technical disclosure drafted in a thread (AI32). */
import { othersData } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { answerCommand, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler } from '../workflow/index.js';
import type { DisclosureData } from './data.js';
import { DISCLOSURE } from './definition.js';
import { parseDisclosureArgs, usageText } from './options.js';

export const disclosureHandler = workflowHandler<DisclosureData>(DISCLOSURE, {
  verbs: ['disclosure'],
  help: {
    summary:
      'technical disclosure drafting: review or edit the extracted key elements, Generate, watch the text being written, then download the document',
    usage: 'disclosure <technical idea> [--lang en|cn] [--let-others-confirm]',
    example: 'disclosure A bicycle helmet whose shell stiffens on impact through a shear-thickening fluid layer --lang en',
  },
  async command(ctx, { incoming, args }) {
    const parsed = parseDisclosureArgs(args, ctx.settings.lang);
    if ('usage' in parsed) return answerCommand(ctx, incoming, usageLine(ctx, usageText));
    if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, usageText);
    const parent = parentMessage(
      incoming.user.id,
      'started a technical disclosure',
      parsed.idea,
      `Template language ${parsed.lang} · review the key elements here, then Generate${parsed.othersMayConfirm ? `.${othersNote(true)}` : ''}`,
    );
    const data: DisclosureData = { idea: parsed.idea, lang: parsed.lang, ...othersData(parsed.othersMayConfirm) };
    await startWorkflow(ctx, DISCLOSURE, { incoming, parent, start: 'main', data, input: undefined });
  },
});
