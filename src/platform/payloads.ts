/**
 * Shapes of platform payloads that handlers build or take apart, under names that say what they are. The
 * generated schemas stay private to platform/ (the import rule), so a regenerated name changes only here.
 */
export {
  AI35_9ComparisonConfirm_AiSearchFinalResult as FinalResultEntrySchema,
  AI35_9ComparisonConfirm_AiSearchFinalResultFeature as FinalResultFeatureSchema,
  type AI35_9ComparisonConfirm_AiSearchFinalResult as FinalResultEntry,
} from './schemas/generated/ai35-9.js';
export {
  AI35_5FeatureConfirm_NoveltySearchFeatureExtractDataDTO as TechFeatureSchema,
  type AI35_5FeatureConfirm_NoveltySearchFeatureExtractDataDTO as TechFeature,
} from './schemas/generated/ai35-5.js';
export {
  AI35_7NoveltySearchAgentSearch_NoveltySearchElementResDTO as SearchElementsSchema,
  type AI35_7NoveltySearchAgentSearch_NoveltySearchElementResDTO as SearchElements,
} from './schemas/generated/ai35-7.js';
export {
  AI34_1QuickSearchReportCreation_AnalysisDirectoryDTO as ReportSectionSchema,
  type AI34_1QuickSearchReportCreation_AnalysisDirectoryDTO as ReportSection,
} from './schemas/generated/ai34-1.js';
export type { AI68_1ChatAiLsChat_EurekalsChatRefDoc as EncyclopediaRefDoc } from './schemas/generated/ai68-1.js';
export type {
  AI33_6Step5V3_EurekaMindCell as MindMapCell,
  AI33_6Step5V3_EurekaMindData as MindMapData,
} from './schemas/generated/ai33-6.js';
export { REQUIRED_COMPARISON_FIELDS as DESIGN_COMPARISON_REQUIRED_FIELDS } from './schemas/lenient-design.js';
