/** Everything the simulator remembers between requests: sessions, chats, tasks of every family, files. */
import { FileStore } from './files.js';
import type { JobStreamShape } from './job-stream.js';
import type {
  DesignTask,
  DisclosureJob,
  LegacyNoveltyTask,
  LsChat,
  MaterialTask,
  NoveltyTask,
  PharmSession,
  ReportTask,
  SolutionTask,
} from './records.js';
import { TaskClock, TaskTable } from './tasks.js';

export interface StreamSettings {
  streamChunkChars: number;
  streamChunkDelayMs: number;
  cumulativeContent: boolean;
  /** AI07 answers are extended with further sections to at least this many characters */
  minAnswerChars: number;
  /** the shape of the AI32-4 and agent stream events (their format is not published) */
  jobStreamShape: JobStreamShape;
}

export class SimState {
  readonly clock: TaskClock;
  readonly files: FileStore;
  readonly sessions = new Map<string, PharmSession>();
  readonly chats = new Map<string, LsChat>();
  readonly disclosures = new TaskTable<DisclosureJob>();
  readonly solutions = new TaskTable<SolutionTask>();
  readonly reports = new TaskTable<ReportTask>();
  readonly novelty = new TaskTable<NoveltyTask>();
  readonly legacyNovelty = new TaskTable<LegacyNoveltyTask>();
  readonly designs = new TaskTable<DesignTask>();
  readonly materials = new TaskTable<MaterialTask>();
  /** an AI34 report link stops working this long after AI34-3 handed it out */
  reportLinkValidMs = 3 * 60 * 60_000;

  constructor(
    readonly settings: StreamSettings,
    taskDurationMs: number,
    baseUrl: () => string,
  ) {
    this.clock = new TaskClock(taskDurationMs);
    this.files = new FileStore(baseUrl);
  }
}
