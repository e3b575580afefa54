/**
 * For the all-Chinese novelty runs in Slack and Teams: what the platform answered for a search (the solution,
 * features, elements, references, verdict reasons, strategy, added patents), shown as it comes and so no word of
 * the bot's own; and the Chinese words the feature-comparison picture draws beside the platform's.
 */
import { translatorFor } from '../../src/i18n/index.js';
import { PlatformClient } from '../../src/platform/client.js';
import type { RecordedRequest } from '../../src/platform/simulator/types.js';
import { stringsIn } from '../helpers/chinese-text.js';

/** Every string the platform answered for the search `requests` made (re-read from the simulator after the run). */
export async function noveltyContent(baseUrl: string, apiKey: string, requests: readonly RecordedRequest[]): Promise<string[]> {
  const taskId = (requests.find((r) => r.operation === 'AI35-2')?.body as { task_id?: string } | undefined)?.task_id ?? '';
  const platform = new PlatformClient({ baseUrl, apiKey });
  try {
    const added = requests.filter((r) => r.operation === 'AI35-12');
    const compared = await Promise.all(added.map((r) => platform.call('AI35-12', r.body as never)));
    const strings = [
      ...stringsIn(await platform.call('AI35-2', { task_id: taskId })),
      ...stringsIn(await platform.call('AI35-4', { task_id: taskId })),
      ...stringsIn(await platform.call('AI35-6', { task_id: taskId })),
      ...stringsIn(await platform.call('AI35-8', { task_id: taskId })),
      ...stringsIn(compared),
      // what the user confirmed went back to the platform and may be shown again (a title, a feature)
      ...requests.flatMap((r) => stringsIn(r.body)),
    ];
    // a reference's document is its number and title; the list shows the title after the number's link
    return [...strings, ...strings.flatMap((text) => /^[A-Z]{2}\d+[A-Z]\d? (.+)$/.exec(text)?.slice(1) ?? [])];
  } finally {
    await platform.close();
  }
}

/** The bot's own words in the comparison picture (its legend and notes) in Chinese. */
export const pictureWords = (t = translatorFor('zh')): string[] => [
  t('shared:matrix.disclosed'),
  t('shared:matrix.obvious'),
  t('shared:matrix.notDisclosed'),
  t('shared:matrix.notCompared'),
  t('shared:matrix.seeMessage', {
    more: t('shared:matrix.moreJoin', {
      first: t('shared:matrix.moreFeatures', { count: 2 }),
      second: t('shared:matrix.moreReferences', { count: 3 }),
    }),
  }),
];
