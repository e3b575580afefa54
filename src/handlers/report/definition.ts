/** The technology pre-research report (AI34, beta) as a workflow: create → outline review → generate → link. */
import { defineSend, type WorkflowDefinition } from '../workflow/index.js';
import { outlineOf, requireReportId, type ReportData } from './data.js';
import { outlineStep } from './outline.js';
import { reportStep } from './result.js';

const create = defineSend<ReportData, undefined>({
  operation: 'AI34-1',
  label: 'Proposing the report outline',
  async run(sc) {
    // auto_directory false: the platform proposes the outline and waits for AI34-2 to generate from it
    const created = await sc.ctx.platform.call('AI34-1', { technical_issues: sc.data.question, auto_directory: false });
    return {
      next: 'outline',
      ids: { report_id: requireReportId('AI34-1', created.report_id) },
      data: { outline: outlineOf(created.analysis_directory) },
    };
  },
});

export const REPORT: WorkflowDefinition<ReportData> = {
  name: 'report',
  noun: 'pre-research report',
  steps: { outline: outlineStep, report: reportStep },
  starts: { main: { step: 'outline', send: create } },
};
