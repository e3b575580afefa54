/** Step 4's feature comparison (the references the report will compare x their features) as a picture in the thread. */
import { renderFeatureMatrix, type CellVerdict, type FeatureMatrix } from '../shared/images/feature-matrix-image.js';
import { postPicture } from '../shared/images/post-picture.js';
import type { StepContext } from '../workflow/index.js';
import type { Translate } from '../../i18n/index.js';
import { verdictOf } from './comparison-matrix.js';
import type { NoveltyData } from './data.js';
import type { FinalEntry } from './payloads.js';
import { describeEntry, listed, type SearchResult } from './references-list.js';

const verdictMark = (type: string | undefined): CellVerdict => (type === 'public' ? 'disclosed' : type === 'obvious' ? 'obvious' : 'not-disclosed');

/** The included references' comparison, features in the order they first appear (as the text table has them). */
export function featureMatrixOf(entries: FinalEntry[], t: Translate): FeatureMatrix | undefined {
  const features: string[] = [];
  for (const entry of entries)
    for (const f of entry.features ?? []) if (f.tech_feature && !features.includes(f.tech_feature)) features.push(f.tech_feature);
  if (features.length === 0) return undefined;
  return {
    features,
    references: entries.map((entry) => {
      const { pn, title } = describeEntry(entry, t);
      return pn && pn !== title ? `${pn} · ${title}` : title;
    }),
    cells: features.map((feature) =>
      entries.map((entry) => {
        const compared = (entry.features ?? []).find((f) => f.tech_feature === feature);
        return compared ? verdictMark(verdictOf(compared).type) : 'not-compared';
      }),
    ),
  };
}

/** Posts the picture of the comparison as step 4 first shows it (where the chat takes images). */
export async function postComparisonPicture(result: SearchResult, sc: StepContext<NoveltyData>): Promise<void> {
  const { t } = sc.ctx;
  const matrix = featureMatrixOf(
    listed(result)
      .filter((item) => item.included)
      .map((item) => item.entry),
    t,
  );
  if (matrix) await postPicture(sc.ctx, sc.thread, t('novelty-review:matrix.picture'), async () => (await renderFeatureMatrix(matrix, t)).png);
}
