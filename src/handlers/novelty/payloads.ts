/**
 * Turning the platform's answers into the next request: the answers' fields are nullable, the requests' are
 * optional, and a request carries only the fields its schema names (picked from the generated zod shapes).
 */
import type { DataOf } from '../../platform/operations.js';
import {
  FinalResultEntrySchema,
  FinalResultFeatureSchema,
  TechFeatureSchema,
  type FinalResultEntry,
  type SearchElements,
} from '../../platform/payloads.js';
import type { Feature } from './data.js';

export type Elements = SearchElements;
export type FinalEntry = FinalResultEntry;
type Json = Record<string, unknown>;

/** Drops null and undefined values at every depth. */
export function withoutNulls<T>(value: unknown): T {
  if (Array.isArray(value)) return value.map((v) => withoutNulls(v)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, withoutNulls(v)]),
    ) as T;
  }
  return value as T;
}

/** The fields of `value` that `shape` names, without nulls. */
function pickShape(shape: Record<string, unknown>, value: unknown): Json {
  const source = (typeof value === 'object' && value !== null ? value : {}) as Json;
  return withoutNulls(
    Object.fromEntries(
      Object.keys(shape)
        .filter((k) => k in source)
        .map((k) => [k, source[k]]),
    ),
  );
}

export const toFeature = (value: unknown): Feature => pickShape(TechFeatureSchema.shape, value) as Feature;

export const featuresOf = (result: DataOf<'AI35-4'>): Feature[] => (result.data ?? []).map(toFeature);

export const elementsOf = (result: DataOf<'AI35-6'>): Elements => withoutNulls<Elements>(result.elements ?? { list: [] });

/** An AI35-8 entry, or an AI35-12 one, as AI35-9's final_result takes it. */
export function toFinalEntry(value: unknown, extra: Partial<FinalEntry> = {}): FinalEntry {
  const entry = pickShape(FinalResultEntrySchema.shape, value) as FinalEntry;
  const features = Array.isArray((value as Json | null)?.features) ? ((value as Json).features as unknown[]) : undefined;
  if (features) entry.features = features.map((f) => pickShape(FinalResultFeatureSchema.shape, f));
  return { ...entry, ...extra };
}
