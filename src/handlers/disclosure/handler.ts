/** `/iip disclosure <technical idea> [--lang en|cn] [--let-others-confirm]`: a technical disclosure drafted in a thread (AI32). */
import { othersData, othersMayConfirmIn } from '../shared/others-confirm.js';
import { othersNote } from '../shared/problem-args.js';
import { answerCommand, parentMessage, refuseCommand, startWorkflow, usageLine, workflowHandler } from '../workflow/index.js';
import type { DisclosureData } from './data.js';
import { DISCLOSURE } from './definition.js';
import { parseDisclosureArgs, usageText } from './options.js';

export const disclosureHandler = workflowHandler<DisclosureData>(DISCLOSURE, {
  verbs: ['disclosure'],
  help: {
    summary: (t) => t('disclosure:help.summary'),
    usage: (t) => t('disclosure:help.usage'),
    example: (t) => t('disclosure:help.example'),
  },
  async command(ctx, { incoming, args }) {
    const { t } = ctx;
    const parsed = parseDisclosureArgs(args, ctx.settings.lang, t);
    if ('usage' in parsed) return answerCommand(ctx, incoming, usageLine(ctx, usageText));
    if ('problem' in parsed) return refuseCommand(ctx, incoming, parsed.problem, usageText);
    const parent = parentMessage(
      incoming.user.id,
      t('disclosure:started'),
      parsed.idea,
      othersMayConfirmIn(ctx.settings, parsed.othersMayConfirm)
        ? t('disclosure:startContextOthers', { lang: parsed.lang, others: othersNote(true, t) })
        : t('disclosure:startContext', { lang: parsed.lang }),
      t,
    );
    const data: DisclosureData = { idea: parsed.idea, lang: parsed.lang, ...othersData(parsed.othersMayConfirm) };
    await startWorkflow(ctx, DISCLOSURE, { incoming, parent, start: 'main', data, input: undefined });
  },
});
