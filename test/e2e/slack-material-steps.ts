/** Driving a material solution finding thread in Slack. */
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { NoveltyThread, selectOptions, textOf } from './slack-novelty-steps.js';

export const MATERIAL_PROBLEM = 'Improve the UV protection of a zinc oxide sunscreen without the white cast.';

export async function openMaterial(h: SlackBotHarness, problem = MATERIAL_PROBLEM): Promise<NoveltyThread> {
  const before = h.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts).length;
  await h.command(`material ${problem}`);
  return NoveltyThread.opened(h, before);
}

/** The reply containing `text` that carries a node menu (a review still open for a choice). */
export function withMenu(t: NoveltyThread, text: string, after?: FakeSlackMessage): Promise<FakeSlackMessage> {
  return waitFor(
    () => t.replies.find((m) => textOf(m).includes(text) && selectOptions(m) && (!after || Number(m.ts) > Number(after.ts))),
    `a menu under "${text}"`,
  );
}
