/**
 * AI39-2 as the client reads it: the document marks 13 fields of each comparison (and most of each hit) as
 * required, but one hit without one of them must not fail the whole search, so every list item is read with
 * all its fields optional; the report names what is missing (REQUIRED_COMPARISON_FIELDS).
 */
import { z } from 'zod';
import {
  AI39_2ImageSearchReport_AppearanceAntiInfringementResponse as Result,
  AI39_2ImageSearchReport_ImageRRFFusionResponse as Fusion,
  AI39_2ImageSearchReport_ImageSimilarReportResponseV2 as Report,
  AI39_2ImageSearchReport_ImageSimilarSearchData as Hits,
  AI39_2ImageSearchReport_PatentComparisonItemV2 as Comparison,
  AI39_2ImageSearchReport_PatentInfoItem as Hit,
  AI39_2ImageSearchReport_RRFFusionResult as FusionHit,
  AI39_2ImageSearchReportResponse as Envelope,
} from './generated/ai39-2.js';

/** The fields the published document requires of each comparison. */
export const REQUIRED_COMPARISON_FIELDS: readonly string[] = Object.entries(Comparison.shape)
  .filter(([, schema]) => !schema.safeParse(undefined).success)
  .map(([key]) => key);

export const LenientDesignResponse = Envelope.extend({
  data: Result.extend({
    report: Report.extend({ comparisons: z.array(Comparison.partial()).default([]) }).nullish(),
    patent_messages: Hits.extend({ patent_messages: z.array(Hit.partial()).default([]), total_search_result_count: z.number().nullish() }).nullish(),
    rrffusion_response: Fusion.partial()
      .extend({ patent_messages: z.array(FusionHit.partial()).default([]) })
      .nullish(),
  }).nullish(),
});
