/** What a material solution finding keeps in its thread record. */
import type { StepContext, WorkflowData } from '../workflow/index.js';
import { z, type ZodType } from 'zod';

/** No published limit for AI73-1's input; kept to what one chat command sensibly carries. */
export const MAX_MATERIAL_CHARS = 2_000;

/** A mind-map node the user chose, by its place in the map's outline (the menu's key) and its platform id. */
/** The recommendations to tick, the mind map (choose a node), then that node's plan (choose another). */
export type MaterialStep = 'recommend' | 'mind' | 'plan';

export interface NodeChoice {
  key: string;
  id: string;
  title: string;
  /** the task AI73-8 returned for this node's plan, which AI73-9 is polled with (absent in older records) */
  planTaskId?: string;
}

export interface MaterialData extends WorkflowData {
  problem: string;
  lang: 'en' | 'cn';
  /** the starter let anyone in the channel confirm the steps (`--let-others-confirm`) */
  othersMayConfirm?: boolean;
  /** the mind map's board (AI73-4), which the node-level requests name */
  board?: string;
  /** the node whose implementation plan is asked for */
  node?: NodeChoice;
}

export const nodeChoiceSchema: ZodType<NodeChoice> = z.looseObject({
  key: z.string(),
  id: z.string(),
  title: z.string(),
  planTaskId: z.string().optional(),
});

export const materialData: ZodType<MaterialData> = z.looseObject({
  problem: z.string(),
  lang: z.enum(['en', 'cn']),
  othersMayConfirm: z.boolean().optional(),
  board: z.string().optional(),
  node: nodeChoiceSchema.optional(),
});

export type MaterialContext = StepContext<MaterialData>;

export function taskIdOf(sc: MaterialContext): string {
  const id = sc.ids.task_id;
  if (!id) throw new Error(`no material task is recorded for ${sc.thread}`);
  return id;
}

export function boardOf(sc: MaterialContext): string {
  if (!sc.data.board) throw new Error(`no mind-map board is recorded for ${sc.thread}`);
  return sc.data.board;
}
