/**
 * The outline AI34-1 proposed, shown for review. Generate sends it as it is (AI34-2); Edit changes only the two
 * custom modules (the form shows the platform's sections read-only) and its submission generates from it.
 */
import { quoteUserText, type Block, type FormField } from '../../core/message.js';
import { defineStep, type Send } from '../workflow/index.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import {
  CUSTOM_KEYS,
  CUSTOM_SOURCE,
  isCustom,
  outlineSchema,
  reportIdOf,
  requireReportId,
  type ReportData,
  type ReportStep,
  type Section,
} from './data.js';

const MAX_MODULE_CHARS = 100;
const fieldId = (key: string): string => `custom-${CUSTOM_KEYS.indexOf(key as (typeof CUSTOM_KEYS)[number]) + 1}`;

export function renderOutline(outline: readonly Section[], t: Translate): Block[] {
  const lines = outline.map((s, i) => `${i + 1}. ${quoteUserText(truncate(s.name, 200))}${isCustom(s) ? t('report:outline.custom') : ''}`);
  return [
    { type: 'markdown', text: lines.join('\n') || t('report:outline.none') },
    {
      type: 'context',
      text: t('report:outline.hint'),
    },
  ];
}

function editFields(outline: readonly Section[], t: Translate): FormField[] {
  const fixed = outline
    .filter((s) => !isCustom(s))
    .map((s, i): FormField => ({ id: `fixed-${i}`, label: t('report:outline.section', { n: i + 1 }), kind: 'readonly', initial: s.name }));
  const custom = CUSTOM_KEYS.map(
    (key, i): FormField => ({
      id: fieldId(key),
      label: t('report:outline.customModule', { n: i + 1 }),
      kind: 'text',
      optional: true,
      maxLength: MAX_MODULE_CHARS,
      initial: outline.find((s) => s.key === key)?.name ?? '',
    }),
  );
  return [...fixed, ...custom];
}

/** The platform's sections unchanged and in place; a custom module renamed in place, added at the end, or dropped when emptied. */
export function withCustomModules(outline: readonly Section[], names: Record<string, string>): Section[] {
  const named = (key: string) => truncate((names[key] ?? '').replace(/\s+/g, ' ').trim(), MAX_MODULE_CHARS);
  const kept = outline.flatMap((s): Section[] => (!isCustom(s) ? [s] : named(s.key) ? [{ ...s, name: named(s.key) }] : []));
  const added = CUSTOM_KEYS.filter((key) => named(key) && !outline.some((s) => s.key === key)).map(
    (key): Section => ({ key, name: named(key), source_type: CUSTOM_SOURCE }),
  );
  return [...kept, ...added];
}

const generate: Send<ReportData, Section[], undefined, ReportStep> = {
  operation: 'AI34-2',
  label: (t) => t('report:outline.starting'),
  async run(sc, outline) {
    const created = await sc.ctx.platform.call('AI34-2', {
      report_id: reportIdOf(sc),
      technical_issues: sc.data.question,
      analysis_directory: outline,
    });
    const reportId = requireReportId('AI34-2', created.report_id ?? reportIdOf(sc));
    return { next: 'report', ids: { report_id: reportId }, data: { generatedAt: Date.now(), generatedOutline: outline } };
  },
};

export const outlineStep = defineStep<ReportData, undefined, Section[], ReportStep>({
  stores: outlineSchema,
  review: {
    title: (t) => t('report:outline.title'),
    render: (_result, draft, sc) => renderOutline(draft ?? sc.data.outline, sc.ctx.t),
    confirm: {
      button: (t) => t('report:outline.generate'),
      input: (_result, draft, sc) => draft ?? sc.data.outline,
      send: generate,
    },
    forms: {
      edit: {
        button: (t) => t('report:outline.edit'),
        title: (t) => t('report:outline.title'),
        submitLabel: (t) => t('report:outline.save'),
        submits: 'review',
        fields: (_result, draft, sc) => editFields(draft ?? sc.data.outline, sc.ctx.t),
        apply: (fields, _result, draft, sc) =>
          withCustomModules(draft ?? sc.data.outline, Object.fromEntries(CUSTOM_KEYS.map((key) => [key, String(fields[fieldId(key)] ?? '')]))),
      },
    },
  },
});
