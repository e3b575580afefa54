/** What a novelty search keeps in its thread record, as schemas: its data, and each step's input and draft. */
import { z, type ZodType } from 'zod';
import { FinalResultEntrySchema, SearchElementsSchema, TechFeatureSchema } from '../../platform/payloads.js';
import type { NoveltyData } from './data.js';
import type { Elements } from './payloads.js';
import type { ReferenceEdits } from './references-list.js';

/** The steps of both groups: the guided AI35 steps, then the older one-shot group. */
export type NoveltyStep = 'solution' | 'features' | 'elements' | 'references' | 'title' | 'report' | 'quick-results' | 'quick-report';

const features = z.array(TechFeatureSchema);

export const noveltyData: ZodType<NoveltyData> = z.looseObject({
  idea: z.string(),
  lang: z.enum(['en', 'cn']),
  from: z.string().optional(),
  to: z.string().optional(),
  familyMerge: z.boolean().optional(),
  othersMayConfirm: z.boolean().optional(),
  features: features.optional(),
  confirmedReferences: z.number().int().nonnegative().optional(),
  title: z.string().optional(),
  quickReferences: z.array(z.looseObject({ pn: z.string(), title: z.string(), score: z.number().optional() })).optional(),
});

export const solutionInput: ZodType<{ tech_solution?: string }> = z.looseObject({ tech_solution: z.string().optional() });

export const featuresInput = features;

export const elementsInput: ZodType<Elements | undefined> = SearchElementsSchema.optional();

const verdictOverride = z.looseObject({ type: z.string(), score: z.number().optional(), reason: z.string().optional() });

export const referenceEdits: ZodType<ReferenceEdits> = z.looseObject({
  removed: z.array(z.string()),
  included: z.array(z.string()).optional(),
  overrides: z.record(z.string(), verdictOverride).optional(),
  added: z.array(FinalResultEntrySchema),
});

export const titleInput: ZodType<{ title: string }> = z.looseObject({ title: z.string() });
