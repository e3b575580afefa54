/** Shared pieces of the design-search tests: images, a file shared in a thread, the simulator's report. */
import { PlatformClient } from '../../src/platform/client.js';
import { lineDrawingDataUrl } from '../../src/platform/simulator/content/png.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { API_KEY, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { bodiesOf } from './slack-novelty-steps.js';

/** A real PNG (the simulator's own line drawing), standing in for a product photo. */
export const PRODUCT_PNG = Buffer.from(lineDrawingDataUrl().split(',')[1]!, 'base64');

export const submitted = (h: SlackBotHarness) => bodiesOf(h, 'AI39-1') as { url: string }[];

export function reportOf(h: SlackBotHarness, taskId: string) {
  return new PlatformClient({ baseUrl: h.sim.url, apiKey: API_KEY }).call('AI39-2', { task_id: taskId });
}

let events = 0;
/** A user's `file_share` message in the thread, as Slack sends it. */
export function shareInThread(
  h: SlackBotHarness,
  parent: FakeSlackMessage,
  file: { id: string; name: string; mimetype: string; size: number },
  user = 'U1',
) {
  events += 1;
  return h.event(
    {
      type: 'message',
      subtype: 'file_share',
      channel: 'C1',
      channel_type: 'channel',
      user,
      text: '',
      ts: `1800000100.${String(events).padStart(6, '0')}`,
      thread_ts: parent.ts,
      files: [file],
    },
    `EvFile${events}`,
  );
}
