/** What a novelty search keeps in its thread record: the command's options and the small confirmed selections. */
import type { TechFeature } from '../../platform/payloads.js';
import type { StepContext, WorkflowData } from '../workflow/index.js';

/** A technical feature as AI35-5 and AI35-12 take it. */
export type Feature = TechFeature;

export interface QuickReference {
  pn: string;
  title: string;
  score?: number;
}

export interface NoveltyData extends WorkflowData {
  idea: string;
  lang: 'en' | 'cn';
  from?: string;
  to?: string;
  /** --family-merge: AI35-7 merges patent families (one hit per family) */
  familyMerge?: boolean;
  /** the starter let anyone in the channel confirm the steps (`--let-others-confirm`) */
  othersMayConfirm?: boolean;
  /** the features as confirmed in AI35-5: AI35-12 compares an added patent with them */
  features?: Feature[];
  /** how many references AI35-9 confirmed */
  confirmedReferences?: number;
  /** the report's title as submitted to AI35-10 */
  title?: string;
  /** the one-shot group's top references, for its final message */
  quickReferences?: QuickReference[];
}

export type NoveltyContext = StepContext<NoveltyData>;

/** The novelty task of the thread (from its record, never from a button). */
export function taskIdOf(sc: NoveltyContext): string {
  const id = sc.ids.task_id;
  if (!id) throw new Error(`no novelty task is recorded for ${sc.thread}`);
  return id;
}

/** AI35-1 and the older group's report take the same request. */
export function submitRequest(data: Pick<NoveltyData, 'idea' | 'lang' | 'from' | 'to'>) {
  return {
    input: data.idea,
    lang: data.lang,
    ...(data.from ? { pbd_start: data.from } : {}),
    ...(data.to ? { pbd_end: data.to } : {}),
  };
}
