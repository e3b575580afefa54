/**
 * Step 4: AI35-8 until the agent search finishes (progress from its process steps), then the filtered reference
 * list. Add a patent (AI35-12) and Include or leave out a reference change it; Confirm sends AI35-9 with the
 * included references.
 */
import type { PlanTask } from '../../core/adapter.js';
import { quoteUserText } from '../../core/message.js';
import type { Lang, Translate } from '../../i18n/index.js';
import { defineStep, FormProblem } from '../workflow/index.js';
import { taskIdOf, type NoveltyContext, type NoveltyData } from './data.js';
import { referenceEdits, type NoveltyStep } from './stored.js';
import { toFinalEntry } from './payloads.js';
import {
  finalResult,
  listed,
  MAX_ADDED,
  NO_EDITS,
  inclusionChoices,
  toggleReference,
  type ReferenceEdits,
  type SearchResult,
} from './references-list.js';
import { renderReferences } from './references-render.js';
import { postComparisonPicture } from './matrix-picture.js';
import { normalisePublicationNumber } from '../../lib/publication-number.js';
import { readVerdict, verdictFields } from './verdicts.js';

type Localized = { en?: unknown; zh?: unknown };
type Step = { status?: unknown; title?: Localized };

/** The platform's text in `lang`: its `zh` for Chinese (else its `en`), its `en` for English. */
function localized(text: Localized | undefined, lang: Lang): string | undefined {
  const value = lang === 'zh' ? (text?.zh ?? text?.en) : text?.en;
  return typeof value === 'string' ? value : undefined;
}

/** "2/5 search steps done · now: All-elements search (TACD)" from AI35-8's process_dict while it runs. */
export function searchProgress(result: SearchResult, t: Translate): string | undefined {
  if (result.task_status === 'waiting') return t('novelty-review:search.queued');
  const dict = (result.process_dict ?? {}) as Record<string, Step>;
  const keys = (result.process_dict_keys ?? Object.keys(dict)).map(String);
  if (keys.length === 0) return undefined;
  const done = keys.filter((k) => dict[k]?.status === 'success').length;
  const current = keys.map((k) => dict[k]).find((s) => s && s.status !== 'success');
  const step = localized(current?.title, t.lang);
  const now = step ? t('novelty-review:search.now', { step }) : '';
  return t('novelty-review:search.progress', { done, total: keys.length, now });
}

const TASK_STATES: Record<string, PlanTask['status']> = { success: 'complete', running: 'in_progress', failed: 'error' };

/** AI35-8's process steps as a plan's tasks in `lang`, in the platform's order (what each searches by as its details). */
export function searchTasks(result: SearchResult, lang: Lang): PlanTask[] | undefined {
  const dict = (result.process_dict ?? {}) as Record<string, Step & { query_thinking?: Localized }>;
  const keys = (result.process_dict_keys ?? Object.keys(dict)).map(String).filter((key) => dict[key]);
  if (keys.length === 0) return undefined;
  return keys.map((key) => {
    const step = dict[key] as Step & { query_thinking?: Localized };
    const title = localized(step.title, lang) ?? key;
    const details = localized(step.query_thinking, lang);
    return { id: key, title, status: TASK_STATES[String(step.status)] ?? 'pending', ...(details ? { details } : {}) };
  });
}

async function addPatent(
  fields: Record<string, string | string[]>,
  result: SearchResult,
  edits: ReferenceEdits,
  sc: NoveltyContext,
): Promise<ReferenceEdits> {
  const { t } = sc.ctx;
  const typed = String(fields.pn ?? '').trim();
  const pn = normalisePublicationNumber(typed);
  if (!pn)
    throw new FormProblem(t('novelty-review:add.badNumber', { typed: quoteUserText(typed || '—') }), {
      reask: { hint: t('novelty-review:add.tryAgain') },
    });
  if (listed(result, edits).some((item) => item.key === pn || item.entry.document?.startsWith(`${pn} `)))
    throw new FormProblem(t('novelty-review:add.already', { pn }));
  if (edits.added.length >= MAX_ADDED) throw new FormProblem(t('novelty-review:add.atMost', { max: MAX_ADDED }));
  const features = (sc.data.features ?? []).filter((f) => f.selected !== false);
  if (features.length === 0) throw new FormProblem(t('novelty-review:add.noFeatures'));
  const compared = await sc.ctx.platform.call('AI35-12', {
    request: { pn, is_add_patent: true, add_patent_selected: true },
    tech_features: features,
  });
  const entry = compared.final_res?.[0];
  if (!entry) throw new FormProblem(t('novelty-review:add.noComparison', { pn }));
  return { ...edits, added: [...edits.added, toFinalEntry(entry, { patent_id: entry.patent_id ?? pn, user_added: true, selected: true })] };
}

export const referencesStep = defineStep<NoveltyData, SearchResult, ReferenceEdits, NoveltyStep>({
  stores: referenceEdits,
  poll: {
    operation: 'AI35-8',
    label: (t) => t('novelty-review:search.label'),
    read: (sc, signal) => sc.ctx.platform.call('AI35-8', { task_id: taskIdOf(sc) }, { signal }),
    progress: (result, sc) => searchProgress(result, sc.ctx.t),
    plan: (result, sc) => searchTasks(result, sc.ctx.lang),
    status: (t) => t('novelty-review:search.status'),
    deadlineMs: 45 * 60_000,
  },
  review: {
    title: (t) => t('novelty-review:title'),
    render: (result, edits, sc) => renderReferences(result, edits, sc.ctx.t),
    confirm: {
      button: (t) => t('novelty-review:confirm'),
      input: (_result, edits) => edits ?? NO_EDITS,
      send: {
        operation: 'AI35-9',
        label: (t) => t('novelty-review:sending'),
        async run(sc, edits, result) {
          const { t } = sc.ctx;
          const final = finalResult(await result(), edits);
          if (final.length === 0) throw new FormProblem(t('novelty-review:includeOne'));
          await sc.ctx.platform.call('AI35-9', { task_id: taskIdOf(sc), final_result: final });
          return { next: 'title', data: { confirmedReferences: final.length } };
        },
      },
    },
    forms: {
      add: {
        button: (t) => t('novelty-review:add.button'),
        title: (t) => t('novelty-review:add.title'),
        submitLabel: (t) => t('novelty-review:add.submit'),
        submits: 'review',
        fields: (_result, _edits, sc) => {
          const { t } = sc.ctx;
          return [
            {
              id: 'pn',
              label: t('novelty-review:add.field'),
              kind: 'text',
              maxLength: 30,
              check: { reads: 'publication-number', problem: t('novelty-review:add.unreadable') },
            },
          ];
        },
        apply: (fields, result, edits, sc) => addPatent(fields, result, edits ?? NO_EDITS, sc),
      },
      verdict: {
        button: (t) => t('novelty-review:verdict.button'),
        title: (t) => t('novelty-review:verdict.title'),
        submitLabel: (t) => t('novelty-review:verdict.submit'),
        submits: 'review',
        fields: (_result, _edits, sc) => verdictFields(sc.ctx.t),
        apply(fields, result, edits, sc) {
          const { key, override } = readVerdict(fields, listed(result, edits ?? NO_EDITS), sc.ctx.t);
          const current = edits ?? NO_EDITS;
          return { ...current, overrides: { ...current.overrides, [key]: override } };
        },
      },
    },
    selects: {
      remove: {
        label: (t) => t('novelty-review:menu.label'),
        options: (result, edits, sc) => inclusionChoices(result, edits, sc.ctx.t),
        apply: (key, result, edits) => toggleReference(key, result, edits ?? NO_EDITS),
      },
    },
    afterShown: postComparisonPicture,
  },
});
