/**
 * The technology pre-research report (AI34, beta) as a workflow: create → outline review → generate → link; with
 * `--auto-outline` the platform picks the outline itself (auto_directory) and starts writing at once.
 */
import { defineSend, type WorkflowDefinition } from '../workflow/index.js';
import { outlineOf, reportData, requireReportId, type ReportData, type ReportStep } from './data.js';
import { outlineStep } from './outline.js';
import { reportStep } from './result.js';

const create = defineSend<ReportData, ReportStep>({
  operation: 'AI34-1',
  label: (t) => t('report:proposing'),
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

const createAuto = defineSend<ReportData, ReportStep>({
  operation: 'AI34-1',
  label: (t) => t('report:startingAuto'),
  async run(sc) {
    // auto_directory true: the platform writes the report from its own outline; AI34-2 is never called
    const created = await sc.ctx.platform.call('AI34-1', { technical_issues: sc.data.question, auto_directory: true });
    const outline = outlineOf(created.analysis_directory);
    return {
      next: 'report',
      ids: { report_id: requireReportId('AI34-1', created.report_id) },
      data: { outline, generatedAt: Date.now(), generatedOutline: outline },
    };
  },
});

export const REPORT: WorkflowDefinition<ReportData, ReportStep> = {
  name: 'report',
  noun: (t) => t('report:noun'),
  data: reportData,
  steps: { outline: outlineStep, report: reportStep },
  starts: { main: { step: 'outline', send: create }, auto: { step: 'report', send: createAuto } },
};
