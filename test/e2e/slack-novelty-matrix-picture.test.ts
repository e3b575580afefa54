/**
 * Issue 16 pictures: step 4 of the novelty search uploads the feature comparison (included references x
 * features, each cell the verdict the platform gave) as a PNG beside the text table, once.
 */
import { afterEach, expect, test } from 'vitest';
import { renderFeatureMatrix } from '../../src/handlers/shared/images/feature-matrix-image.js';
import { featureMatrixOf } from '../../src/handlers/novelty/matrix-picture.js';
import { listed } from '../../src/handlers/novelty/references-list.js';
import { translatorFor } from '../../src/i18n/index.js';
import { PlatformClient } from '../../src/platform/client.js';
import { API_KEY, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { colourCount, decodePng } from '../images/png-ink.js';
import { bodiesOf, IDEA, NoveltyThread, selectOptions } from './slack-novelty-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

test('step 4 posts the comparison of the preselected references as a picture, drawn from the platform result, once', async () => {
  h = await startSlackBot();
  await h.command(`novelty ${IDEA} --lang en`);
  const t = await NoveltyThread.opened(h, 0);
  await t.press(await t.step('Step 1 of 5'), 'Confirm');
  await t.press(await t.step('Step 2 of 5'), 'Confirm');
  await t.press(await t.step('Step 3 of 5'), 'Confirm and search');
  const references = await t.step('Step 4 of 5');
  const upload = await waitFor(() => h!.slack.files.uploads()[0], 'the comparison picture');
  expect(upload).toMatchObject({ channel: 'C1', threadTs: t.parentTs, title: 'Feature comparison', mimetype: 'image/png' });

  const taskId = (bodiesOf(h, 'AI35-2')[0] as { task_id: string }).task_id;
  const platform = new PlatformClient({ baseUrl: h.sim.url, apiKey: API_KEY });
  const result = await platform.call('AI35-8', { task_id: taskId });
  await platform.close();
  const preselected = (result.final_result ?? []).filter((entry) => entry.selected !== false);
  expect(preselected.length).toBeLessThan((result.final_result ?? []).length); // one the platform did not preselect is not drawn
  const matrix = featureMatrixOf(
    listed(result)
      .filter((item) => item.included)
      .map((item) => item.entry),
    translatorFor('en'),
  )!;
  expect(matrix.references).toHaveLength(preselected.length);
  const first = preselected[0]!.features![0]!;
  expect(matrix.features[0]).toBe(first.tech_feature);
  expect(matrix.cells[0]![0]).toBe(first.type === 'public' ? 'disclosed' : first.type === 'obvious' ? 'obvious' : 'not-disclosed');
  const expected = await renderFeatureMatrix(matrix, translatorFor('en'));
  expect(upload.data.equals(expected.png)).toBe(true);
  const image = decodePng(upload.data);
  expect([image.width, image.height]).toEqual([expected.width, expected.height]);
  expect(colourCount(image)).toBeGreaterThan(10);

  // changing the list redraws the message, not the picture
  const menu = selectOptions(references)!;
  await t.choose(references, menu.options[0]!.label);
  expect(menu.options[0]!.label).toMatch(/^1\. Leave out /);
  await waitFor(
    () => t.replies.find((m) => m.ts === references.ts && selectOptions(m)?.options[0]?.label.startsWith('1. Include ')),
    'step 4 redrawn with the first reference left out',
  );
  expect(h.slack.files.uploads()).toHaveLength(1);
});
