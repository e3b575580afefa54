/** The records the simulator keeps per session, chat and task family; its state (state.ts) owns them, routes use them. */
import type { z } from 'zod';
import type { OperationId, OPERATIONS } from '../operations.js';
import type { ComparisonEntry } from './content/comparison.js';
import type { SearchElements, TechFeature } from './content/novelty.js';
import type { DirectoryEntry } from './content/report.js';
import type { Direction } from './content/solution.js';
import type { Stage } from './tasks.js';

/** The validated request body (for a GET: its query parameters). */
export type BodyOf<K extends OperationId> = z.output<(typeof OPERATIONS)[K]['request']>;

export interface PharmSession {
  id: string;
  /** turns answered so far */
  turns: number;
}

export interface LsChatItem {
  question: string;
  /** 1 for the chat's first question */
  turn: number;
}

export interface LsChat {
  id: string;
  items: Map<string, LsChatItem>;
}

export interface DesignTask {
  id: string;
  query: BodyOf<'AI39-1'>;
  stage: Stage;
  createdAt: number;
}

export interface DisclosureJob {
  id: string;
  fields: BodyOf<'AI32-2'>;
  stage: Stage;
  downloadUrl?: string;
}

export interface MaterialTask {
  id: string;
  input: string;
  lang: string;
  boardId: string;
  thinkingStage: Stage;
  /** the recommendations confirmed in AI73-3 */
  selected?: string[];
  mindStage?: Stage;
  implementations: Map<string, Stage>;
}

export interface LegacyNoveltyTask {
  id: string;
  input: string;
  lang: string;
  stage: Stage;
  exportStage?: Stage;
  reportUrl?: string;
}

export interface NoveltyTask {
  id: string;
  input: string;
  lang: string;
  summaryStage: Stage;
  /** confirmed in AI35-3 */
  techSolution?: string;
  featureStage?: Stage;
  /** confirmed in AI35-5 */
  features?: TechFeature[];
  elementStage?: Stage;
  /** confirmed in AI35-7 */
  elements?: SearchElements;
  searchStage?: Stage;
  /** confirmed in AI35-9 */
  finalResult?: ComparisonEntry[];
  reportStage?: Stage;
  title?: string;
  reportUrl?: string;
}

export interface ReportTask {
  id: string;
  issues: string;
  directory: DirectoryEntry[];
  /** absent until generation starts (at once with auto_directory, else with AI34-2) */
  stage?: Stage;
  url?: string;
}

export interface SolutionTask {
  id: string;
  lang: string;
  issues: string;
  recommendStage: Stage;
  /** the recommendations confirmed in AI33-3 */
  selected?: string[];
  directionStage?: Stage;
  /** the directions confirmed in AI33-5 (only ticked ones count) */
  directions?: Direction[];
  solutionStage?: Stage;
}
