/** What a pre-research report keeps in its thread record: the question, the outline, when generation started. */
import { ReportSectionSchema, type ReportSection } from '../../platform/payloads.js';
import { z, type ZodType } from 'zod';
import { UnexpectedResponseError } from '../../platform/errors.js';
import type { StepContext, WorkflowData } from '../workflow/index.js';

/** One section of the report outline (the platform's "analysis directory"). */
export type Section = ReportSection;

/** The contract: only these two sections of an outline may be changed; the others are the platform's. */
export const CUSTOM_KEYS = ['TECH_RESEARCH_CUSTOM_MODULE_1', 'TECH_RESEARCH_CUSTOM_MODULE_2'] as const;
/** The source type of a section the user wrote (the platform's own are `model`). */
export const CUSTOM_SOURCE = 'customize';

export const isCustom = (section: Section): boolean => (CUSTOM_KEYS as readonly string[]).includes(section.key);

/** The outline review, then the report being written (with `--auto-outline` only the latter). */
export type ReportStep = 'outline' | 'report';

export const outlineSchema: ZodType<Section[]> = z.array(ReportSectionSchema);

export interface ReportData extends WorkflowData {
  question: string;
  /** the starter let anyone in the channel confirm the steps (`--let-others-confirm`) */
  othersMayConfirm?: boolean;
  /** `--auto-outline`: AI34-1 picks the outline and writes the report at once (auto_directory), with no review */
  autoOutline?: boolean;
  /** the outline AI34-1 proposed */
  outline: Section[];
  /** when AI34-2 started the generation: the report link expires 3 hours after it */
  generatedAt?: number;
  /** the outline the report is generated from */
  generatedOutline?: Section[];
}

export const reportData: ZodType<ReportData> = z.looseObject({
  question: z.string(),
  othersMayConfirm: z.boolean().optional(),
  autoOutline: z.boolean().optional(),
  outline: outlineSchema,
  generatedAt: z.number().optional(),
  generatedOutline: outlineSchema.optional(),
});

export type ReportContext = StepContext<ReportData>;

export function reportIdOf(sc: ReportContext): string {
  const id = sc.ids.report_id;
  if (!id) throw new Error(`no report is recorded for ${sc.thread}`);
  return id;
}

export function requireReportId(operation: string, id: string | null | undefined): string {
  if (!id) throw new UnexpectedResponseError({ operation }, 'no report_id in the answer');
  return id;
}

/** The outline as the platform sent it, with only the three fields the contract names. */
export function outlineOf(directory: readonly Section[] | null | undefined): Section[] {
  return (directory ?? []).map((d) => ({ key: d.key, name: d.name, source_type: d.source_type }));
}
