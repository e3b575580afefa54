/**
 * Driving a novelty search thread the way a person does in Slack: find a step's message, press its buttons,
 * fill its forms, choose from its menus; and reading what the simulator received.
 */
import type { OperationId } from '../../src/platform/operations.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { waitFor, type SlackBotHarness } from '../helpers/slack-bot-harness.js';

type Json = Record<string, unknown>;

export const IDEA =
  'A telephone with an image sensor that reads text from captured images; the text is shown on the display; the address is fetched from a network database.';

export const textOf = (m: FakeSlackMessage): string => JSON.stringify(m.blocks) + m.text;

export interface Control {
  action_id: string;
  value: string;
  label: string;
}

export function buttonsOf(m: FakeSlackMessage): Control[] {
  return m.blocks
    .filter((b) => b.type === 'actions')
    .flatMap((b) => b.elements as Json[])
    .filter((e) => e.type === 'button')
    .map((e) => ({ action_id: String(e.action_id), value: String(e.value), label: String((e.text as Json).text) }));
}

export function selectOptions(m: FakeSlackMessage): { action_id: string; options: { value: string; label: string }[] } | undefined {
  const select = m.blocks.map((b) => b.accessory as Json | undefined).find((a) => a?.type === 'static_select');
  if (!select) return undefined;
  const options = (select.options as Json[]).map((o) => ({ value: String(o.value), label: String((o.text as Json).text) }));
  return { action_id: String(select.action_id), options };
}

export class NoveltyThread {
  constructor(
    readonly h: SlackBotHarness,
    readonly parentTs: string,
    readonly channel = 'C1',
  ) {}

  /** Waits for the thread the bot opens for the newest command. */
  static async opened(h: SlackBotHarness, before: number): Promise<NoveltyThread> {
    const parent = await waitFor(() => {
      const parents = h.slack.channelMessages('C1').filter((m) => !m.threadTs || m.threadTs === m.ts);
      return parents.length > before ? parents.at(-1) : undefined;
    }, 'the novelty thread');
    return new NoveltyThread(h, parent.ts);
  }

  get replies(): FakeSlackMessage[] {
    return this.h.slack.threadMessages(this.channel, this.parentTs).filter((m) => m.ts !== this.parentTs);
  }

  /** The reply showing `title` with controls (a review or a failure), once it is there. */
  step(title: string, timeoutMs = 10_000): Promise<FakeSlackMessage> {
    return waitFor(() => this.replies.find((m) => textOf(m).includes(title) && buttonsOf(m).length > 0), `the message "${title}"`, timeoutMs);
  }

  reply(containing: string, timeoutMs = 10_000): Promise<FakeSlackMessage> {
    return waitFor(() => this.replies.find((m) => textOf(m).includes(containing)), `a reply with "${containing}"`, timeoutMs);
  }

  button(m: FakeSlackMessage, label: string): Control {
    const found = buttonsOf(m).find((b) => b.label === label);
    if (!found) throw new Error(`no button "${label}" in ${textOf(m).slice(0, 300)}`);
    return found;
  }

  press(m: FakeSlackMessage, label: string, userId?: string) {
    return this.pressControl(m, this.button(m, label), userId);
  }

  /** Clicks a button as it was drawn when `control` was read (messages are edited in place later). */
  pressControl(m: FakeSlackMessage, control: Control, userId?: string) {
    return this.h.click(
      { action_id: control.action_id, value: control.value },
      { messageTs: m.ts, threadTs: this.parentTs, ...(userId ? { userId } : {}) },
    );
  }

  /** Presses a button that opens a form; returns the view Slack was asked to open and how long it took. */
  async openForm(m: FakeSlackMessage, label: string): Promise<{ view: Json; elapsedMs: number }> {
    const before = this.h.slack.views.length;
    const started = Date.now();
    await this.press(m, label);
    const opened = await waitFor(() => this.h.slack.views[before], `the form of "${label}"`);
    const call = this.h.slack.callsTo('views.open').at(-1)!;
    return { view: opened.view, elapsedMs: call.at - started };
  }

  choose(m: FakeSlackMessage, optionLabelPart: string) {
    const select = selectOptions(m);
    const option = select?.options.find((o) => o.label.includes(optionLabelPart));
    if (!select || !option) throw new Error(`no option "${optionLabelPart}"`);
    return this.h.choose({ action_id: select.action_id, value: option.value }, { messageTs: m.ts, threadTs: this.parentTs });
  }

  /** The next ephemeral note after `count` notes, for `user`. */
  note(after: number, user = 'U1'): Promise<string> {
    return waitFor(() => this.h.slack.ephemerals.slice(after).find((e) => e.user === user), 'an ephemeral note').then(
      (e) => e.text + JSON.stringify(e.blocks),
    );
  }
}

export const bodiesOf = (h: SlackBotHarness, operation: OperationId): unknown[] =>
  h.sim.requests.filter((r) => r.operation === operation).map((r) => r.body);

/** The form's field values as the modal shows them (text inputs and ticked checkboxes), by field id. */
export function formValues(view: Json): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const block of view.blocks as Json[]) {
    const element = block.element as Json | undefined;
    if (!element) continue;
    const id = String(block.block_id);
    if (element.type === 'plain_text_input') values[id] = String(element.initial_value ?? '');
    else values[id] = ((element.initial_options as Json[] | undefined) ?? []).map((o) => String(o.value));
  }
  return values;
}

/** Waits until an async condition holds (state written after the message that announces it). */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
