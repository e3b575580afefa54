/**
 * Step 4: AI35-8 until the agent search finishes (progress from its process steps), then the filtered reference
 * list. Add a patent (AI35-12) and Include or leave out a reference change it; Confirm sends AI35-9 with the
 * included references.
 */
import type { PlanTask } from '../../core/adapter.js';
import { defineStep, FormProblem } from '../workflow/index.js';
import { taskIdOf, type NoveltyContext, type NoveltyData } from './data.js';
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
import { isPublicationNumber } from '../shared/text.js';
import { readVerdict, verdictFields } from './verdicts.js';

type Step = { status?: unknown; title?: { en?: unknown } };

/** "2/5 search steps done · now: All-elements search (TACD)" from AI35-8's process_dict while it runs. */
export function searchProgress(result: SearchResult): string | undefined {
  if (result.task_status === 'waiting') return 'Queued on the platform';
  const dict = (result.process_dict ?? {}) as Record<string, Step>;
  const keys = (result.process_dict_keys ?? Object.keys(dict)).map(String);
  if (keys.length === 0) return undefined;
  const done = keys.filter((k) => dict[k]?.status === 'success').length;
  const current = keys.map((k) => dict[k]).find((s) => s && s.status !== 'success');
  const now = typeof current?.title?.en === 'string' ? ` · now: ${current.title.en}` : '';
  return `${done}/${keys.length} search steps done${now}`;
}

const TASK_STATES: Record<string, PlanTask['status']> = { success: 'complete', running: 'in_progress', failed: 'error' };

/** AI35-8's process steps as a plan's tasks, in the platform's order (what each searches by as its details). */
export function searchTasks(result: SearchResult): PlanTask[] | undefined {
  const dict = (result.process_dict ?? {}) as Record<string, Step & { query_thinking?: { en?: unknown } }>;
  const keys = (result.process_dict_keys ?? Object.keys(dict)).map(String).filter((key) => dict[key]);
  if (keys.length === 0) return undefined;
  return keys.map((key) => {
    const step = dict[key] as Step & { query_thinking?: { en?: unknown } };
    const title = typeof step.title?.en === 'string' ? step.title.en : key;
    const details = typeof step.query_thinking?.en === 'string' ? step.query_thinking.en : undefined;
    return { id: key, title, status: TASK_STATES[String(step.status)] ?? 'pending', ...(details ? { details } : {}) };
  });
}

async function addPatent(
  fields: Record<string, string | string[]>,
  result: SearchResult,
  edits: ReferenceEdits,
  sc: NoveltyContext,
): Promise<ReferenceEdits> {
  const pn = String(fields.pn ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();
  if (!isPublicationNumber(pn)) throw new FormProblem('Give a publication number such as CN118289111A or US20210150214A1; nothing was added.');
  if (listed(result, edits).some((item) => item.key === pn || item.entry.document?.startsWith(`${pn} `)))
    throw new FormProblem(`${pn} is already on the list.`);
  if (edits.added.length >= MAX_ADDED) throw new FormProblem(`At most ${MAX_ADDED} patents can be added.`);
  const features = (sc.data.features ?? []).filter((f) => f.selected !== false);
  if (features.length === 0) throw new FormProblem('The confirmed technical features of this search are not known, so no patent can be compared.');
  const compared = await sc.ctx.platform.call('AI35-12', {
    request: { pn, is_add_patent: true, add_patent_selected: true },
    tech_features: features,
  });
  const entry = compared.final_res?.[0];
  if (!entry) throw new FormProblem(`The platform returned no comparison for ${pn}; nothing was added.`);
  return { ...edits, added: [...edits.added, toFinalEntry(entry, { patent_id: entry.patent_id ?? pn, user_added: true, selected: true })] };
}

export const referencesStep = defineStep<NoveltyData, SearchResult, ReferenceEdits>({
  poll: {
    operation: 'AI35-8',
    label: 'Searching the patent literature (this takes a few minutes)',
    read: (sc, signal) => sc.ctx.platform.call('AI35-8', { task_id: taskIdOf(sc) }, { signal }),
    progress: searchProgress,
    plan: searchTasks,
    status: 'is searching patents…',
    deadlineMs: 45 * 60_000,
  },
  review: {
    title: 'Step 4 of 5 · References and feature comparison',
    render: (result, edits) => renderReferences(result, edits),
    confirm: {
      button: 'Confirm',
      input: (_result, edits) => edits ?? NO_EDITS,
      send: {
        operation: 'AI35-9',
        label: 'Confirming the reference list',
        async run(sc, edits, result) {
          const final = finalResult(await result(), edits);
          if (final.length === 0) throw new FormProblem('Include at least one reference for the report; nothing was sent.');
          await sc.ctx.platform.call('AI35-9', { task_id: taskIdOf(sc), final_result: final });
          return { next: 'title', data: { confirmedReferences: final.length } };
        },
      },
    },
    forms: {
      add: {
        button: 'Add a patent',
        title: 'Add a patent',
        submitLabel: 'Add',
        submits: 'review',
        fields: () => [{ id: 'pn', label: 'Publication number, e.g. CN118289111A', kind: 'text', maxLength: 30 }],
        apply: (fields, result, edits, sc) => addPatent(fields, result, edits ?? NO_EDITS, sc),
      },
      verdict: {
        button: 'Change a verdict',
        title: 'Your verdict on a feature',
        submitLabel: 'Save',
        submits: 'review',
        fields: () => verdictFields(),
        apply(fields, result, edits) {
          const { key, override } = readVerdict(fields, listed(result, edits ?? NO_EDITS));
          const current = edits ?? NO_EDITS;
          return { ...current, overrides: { ...current.overrides, [key]: override } };
        },
      },
    },
    selects: {
      remove: {
        label: 'Include or leave out a reference',
        options: (result, edits) => inclusionChoices(result, edits),
        apply: (key, result, edits) => toggleReference(key, result, edits ?? NO_EDITS),
      },
    },
    afterShown: postComparisonPicture,
  },
});
