/**
 * Issue 16 pictures: the AI33 solution mind map and the AI73 technical mind map are uploaded into the thread as
 * PNGs (files.uploadV2 to the fake Web API) beside their outlines, drawn from exactly the map the platform sent.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { PlatformClient } from '../../src/platform/client.js';
import { renderMindMap } from '../../src/handlers/shared/images/mind-map-image.js';
import { mindTree, type MindMap } from '../../src/handlers/shared/mind-map.js';
import { translatorFor } from '../../src/i18n/index.js';
import { solutionMindMap } from '../../src/handlers/solution/render.js';
import { materialRecommendations } from '../../src/platform/simulator/content/material.js';
import { API_KEY, startSlackBot, waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { colourCount, decodePng } from '../images/png-ink.js';
import { bodiesOf, textOf } from './slack-novelty-steps.js';
import { openSolution, pressWithTicks } from './slack-solution-steps.js';
import { openMaterial, withMenu } from './slack-material-steps.js';

let h: SlackBotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const platformOf = (harness: SlackBotHarness) => new PlatformClient({ baseUrl: harness.sim.url, apiKey: API_KEY });

describe('mind maps as pictures', () => {
  test('the solution exploration uploads the numbered solution map once, beside the summary that says so', async () => {
    h = await startSlackBot();
    const t = await openSolution(h);
    const step1 = await t.step('Step 1 of 3');
    await pressWithTicks(t, step1, 'Continue', ['0', '1']);
    const step2 = await t.step('Step 2 of 3');
    await pressWithTicks(t, step2, 'Continue', ['0', '1']);
    const summary = await t.reply('solutions found');
    expect(textOf(summary)).toContain('each solution is in its own message above, and the map as a picture');

    const uploads = h.slack.files.uploads();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ channel: 'C1', threadTs: t.parentTs, title: 'Solution mind map', mimetype: 'image/png' });
    const taskId = (bodiesOf(h, 'AI33-2')[0] as { task_id: string }).task_id;
    const platform = platformOf(h);
    const map = (await platform.call('AI33-6', { task_id: taskId })).solution as MindMap;
    await platform.close();
    const expected = await solutionMindMap(map, translatorFor('en'));
    expect(uploads[0]!.data.equals(expected.png)).toBe(true);
    const image = decodePng(uploads[0]!.data);
    expect([image.width, image.height]).toEqual([expected.width, expected.height]);
    expect(colourCount(image)).toBeGreaterThan(10);
    expect(expected.boxes[0]!.lines.join(' ')).toContain('Improve the energy density');
    expect(expected.boxes.filter((b) => /^\d\. /.test(b.lines[0]!))).toHaveLength(4);
  });

  test('the material finding uploads the technical mind map when the map is shown, and not again with each plan', async () => {
    h = await startSlackBot();
    const t = await openMaterial(h);
    const step1 = await t.step('Step 1 of 2');
    await pressWithTicks(t, step1, 'Confirm', ['0', '2']);
    const mind = await withMenu(t, 'Technical mind map');
    const upload = await waitFor(() => h!.slack.files.uploads()[0], 'the mind map upload');
    expect(upload).toMatchObject({ channel: 'C1', threadTs: t.parentTs, title: 'Technical mind map', mimetype: 'image/png' });

    const taskId = (bodiesOf(h, 'AI73-2')[0] as { task_id: string }).task_id;
    const platform = platformOf(h);
    const map = (await platform.call('AI73-5', { task_id: taskId })).solution as MindMap;
    await platform.close();
    const expected = await renderMindMap(mindTree(map, translatorFor('en')), translatorFor('en'));
    expect(upload.data.equals(expected.png)).toBe(true);
    const recs = materialRecommendations('Improve the UV protection of a zinc oxide sunscreen without the white cast.', 'en');
    expect(expected.boxes.map((b) => b.lines.join(' ')).join('\n')).toContain(recs[2]!.slice(0, 12));

    await t.choose(mind, recs[0]!);
    await withMenu(t, 'Implementation plan', mind);
    expect(h.slack.files.uploads()).toHaveLength(1);
  });
});
