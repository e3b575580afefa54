/** What a disclosure draft keeps in its thread record: the idea, the language, the key elements as confirmed. */
import { UnexpectedResponseError } from '../../platform/errors.js';
import type { DataOf } from '../../platform/operations.js';
import type { StepContext, WorkflowData } from '../workflow/index.js';
import { z, type ZodType } from 'zod';

/** AI32-1's extraction, the fields AI32-2 takes back. */
export interface Means {
  background: string;
  tech_problem: string;
  mechanism: string;
  outcome: string;
  embodiment: string;
  application: string[];
  subject_improvement?: string[];
  others?: string;
  /** the platform's note when it recognised no technical means */
  unidentified?: string;
}

/** The key elements' review, then the disclosure being written. */
export type DisclosureStep = 'elements' | 'writing';

export const meansSchema: ZodType<Means> = z.looseObject({
  background: z.string(),
  tech_problem: z.string(),
  mechanism: z.string(),
  outcome: z.string(),
  embodiment: z.string(),
  application: z.array(z.string()),
  subject_improvement: z.array(z.string()).optional(),
  others: z.string().optional(),
  unidentified: z.string().optional(),
});

export interface DisclosureData extends WorkflowData {
  idea: string;
  lang: 'en' | 'cn';
  /** the starter let anyone in the channel confirm the steps (`--let-others-confirm`) */
  othersMayConfirm?: boolean;
  means?: Means;
}

export const disclosureData: ZodType<DisclosureData> = z.looseObject({
  idea: z.string(),
  lang: z.enum(['en', 'cn']),
  othersMayConfirm: z.boolean().optional(),
  means: meansSchema.optional(),
});

export type DisclosureContext = StepContext<DisclosureData>;

const texts = (list: readonly unknown[] | null | undefined): string[] =>
  (list ?? [])
    .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    .map((s) => s.trim())
    .filter(Boolean);

export function meansOf(extracted: DataOf<'AI32-1'>): Means {
  if (extracted.status === '0') throw new UnexpectedResponseError({ operation: 'AI32-1' }, 'the platform could not extract the key elements');
  return {
    background: extracted.background ?? '',
    tech_problem: extracted.tech_problem ?? '',
    mechanism: extracted.mechanism ?? '',
    outcome: extracted.outcome ?? '',
    embodiment: extracted.embodiment ?? '',
    application: texts(extracted.application),
    ...(extracted.subject_improvement ? { subject_improvement: texts(extracted.subject_improvement) } : {}),
    ...(extracted.others ? { others: extracted.others } : {}),
    ...(extracted.unidentified ? { unidentified: extracted.unidentified } : {}),
  };
}

export function jobIdOf(sc: DisclosureContext): string {
  const id = sc.ids.job_id;
  if (!id) throw new Error(`no disclosure job is recorded for ${sc.thread}`);
  return id;
}

/** AI32-2's request: the idea, the language and every extracted element (the contract asks for all of them). */
export function generateRequest(data: DisclosureData, means: Means) {
  const optional = (value: string | undefined) => (value?.trim() ? value : undefined);
  return Object.fromEntries(
    Object.entries({
      tech_solution: data.idea,
      language: data.lang,
      mechanism: optional(means.mechanism) ?? data.idea,
      background: optional(means.background),
      tech_problem: optional(means.tech_problem),
      outcome: optional(means.outcome),
      embodiment: optional(means.embodiment),
      application: means.application.length ? means.application : undefined,
      subject_improvement: means.subject_improvement?.length ? means.subject_improvement : undefined,
      others: optional(means.others),
    }).filter(([, value]) => value !== undefined),
  ) as { tech_solution: string; language: string; mechanism: string };
}
