/** AI34 pre-research report (beta): create (with an automatic outline), create from a custom outline, query. */
import { randomUUID } from 'node:crypto';
import { defaultDirectory, headPlayers, keyPatents, reportLines } from '../content/report.js';
import type { SimState } from '../state.js';
import { encodeStatus } from '../tasks.js';
import type { Routes } from './types.js';
import type { ReportTask } from '../records.js';

/** Each AI34-3 of a written report hands out a new signed link, valid `reportLinkValidMs` from then. */
function reportUrl(state: SimState, report: ReportTask): string {
  const lines = () => reportLines(report.issues, report.directory);
  report.url = state.files.add('pdf', `Pre-research report: ${report.issues}`, lines, state.reportLinkValidMs);
  return report.url;
}

export const reportRoutes: Routes<'AI34-1' | 'AI34-2' | 'AI34-3'> = {
  'AI34-1': ({ body, state, ok, taskFails }) => {
    const id = randomUUID();
    const report = state.reports.add(id, { id, issues: body.technical_issues, directory: defaultDirectory(body.technical_issues) });
    if (body.auto_directory !== false) report.stage = state.clock.start(2);
    if (report.stage && taskFails()) report.stage.failed = true;
    return ok({ report_id: id, analysis_directory: report.directory });
  },

  'AI34-2': ({ body, state, ok, invalid, taskFails }) => {
    const report = state.reports.get(body.report_id);
    if (!report) return invalid(`report_id: unknown report ${body.report_id}`);
    report.issues = body.technical_issues;
    report.directory = body.analysis_directory.map((d) => ({ key: d.key, name: d.name, source_type: d.source_type }));
    report.stage = state.clock.start(2);
    report.url = undefined;
    if (taskFails()) report.stage.failed = true;
    return ok({ report_id: report.id, analysis_directory: report.directory });
  },

  'AI34-3': ({ body, state, ok, invalid, taskFails }) => {
    const report = state.reports.get(body.report_id);
    if (!report) return invalid(`report_id: unknown report ${body.report_id}`);
    report.stage ??= state.clock.start(2);
    if (taskFails()) report.stage.failed = true;
    const status = encodeStatus.word(state.clock.stateOf(report.stage));
    if (status !== 'SUCCEED') return ok({ report_status: status });
    return ok({
      report_status: status,
      report_url: reportUrl(state, report),
      head_player_analysis: headPlayers(report.issues),
      key_patent_interpretation: keyPatents(report.issues),
    });
  },
};
