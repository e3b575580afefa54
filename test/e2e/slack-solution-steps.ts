/** Driving a solution exploration thread in Slack: tick checkboxes, press Continue, read what the simulator received. */
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import type { SlackBotHarness } from '../helpers/slack-bot-harness.js';
import { NoveltyThread, textOf } from './slack-novelty-steps.js';

type Json = Record<string, unknown>;

export const PROBLEM = 'Improve the energy density of lithium battery anodes without raising the production cost.';

/** The checkboxes of a message: block id, action id and the options' values. */
export function checkboxesOf(m: FakeSlackMessage): { blockId: string; actionId: string; values: string[]; initial: string[] } | undefined {
  const block = m.blocks.find((b) => b.type === 'actions' && (b.elements as Json[]).some((e) => e.type === 'checkboxes'));
  if (!block) return undefined;
  const element = (block.elements as Json[]).find((e) => e.type === 'checkboxes')!;
  return {
    blockId: String(block.block_id),
    actionId: String(element.action_id),
    values: (element.options as Json[]).map((o) => String(o.value)),
    initial: ((element.initial_options as Json[] | undefined) ?? []).map((o) => String(o.value)),
  };
}

/** Presses `label` with the checkboxes ticked as given (Slack sends the message's state with the click). */
export function pressWithTicks(t: NoveltyThread, m: FakeSlackMessage, label: string, ticked: string[]) {
  const boxes = checkboxesOf(m);
  if (!boxes) throw new Error(`no checkboxes in ${textOf(m).slice(0, 200)}`);
  const control = t.button(m, label);
  const values = { [boxes.blockId]: { [boxes.actionId]: { type: 'checkboxes', selected_options: ticked.map((value) => ({ value })) } } };
  return t.h.click({ action_id: control.action_id, value: control.value }, { messageTs: m.ts, threadTs: t.parentTs, values });
}

export async function openSolution(h: SlackBotHarness, problem = PROBLEM): Promise<NoveltyThread> {
  const before = h.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts).length;
  await h.command(`solution ${problem}`);
  return NoveltyThread.opened(h, before);
}
