/**
 * Driving a bot thread in a Teams channel the way a person does: find a step's card in the reply chain, press
 * its buttons (once, or twice at once as a double click delivers the same Action.Submit twice), tick its choice
 * sets, fill its inline forms; and reading what the simulator received.
 */
import type { OperationId } from '../../src/platform/operations.js';
import { buttonsOf, cardJson, type CardButton, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from './fake-bot-connector.js';
import { activityId, cardSubmit, channelMention, sendActivity, type SentActivity } from './teams-activities.js';

type Json = Record<string, unknown>;

export const bodiesOf = (h: TeamsBotHarness, operation: OperationId | string): unknown[] =>
  h.sim.requests.filter((r) => r.operation === operation).map((r) => r.body);

/** Every element of a card, depth first. */
export function elementsOf(card: FakeActivity | undefined): Json[] {
  const found: Json[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const node = value as Json;
      if (typeof node.type === 'string') found.push(node);
      Object.values(node).forEach(visit);
    }
  };
  visit(card?.attachments);
  return found;
}

/** The card's text: every TextBlock and TextRun, joined by newlines. */
export const textOf = (card: FakeActivity | undefined): string =>
  elementsOf(card)
    .filter((e) => (e.type === 'TextBlock' || e.type === 'TextRun') && typeof e.text === 'string')
    .map((e) => String(e.text))
    .join('\n');

export interface ChoiceSet {
  id: string;
  multi: boolean;
  /** the choices' values as the card carries them (percent-encoded) and their titles */
  choices: { title: string; value: string }[];
  /** the preselected values, comma-joined as Teams sends them */
  value: string;
}

export const choiceSetsOf = (card: FakeActivity | undefined): ChoiceSet[] =>
  elementsOf(card)
    .filter((e) => e.type === 'Input.ChoiceSet')
    .map((e) => ({
      id: String(e.id),
      multi: e.isMultiSelect === true,
      choices: (e.choices as Json[]).map((c) => ({ title: String(c.title), value: String(c.value) })),
      value: typeof e.value === 'string' ? e.value : '',
    }));

export const inputsOf = (card: FakeActivity | undefined): Json[] => elementsOf(card).filter((e) => String(e.type).startsWith('Input.'));

export function button(card: FakeActivity, title: string): CardButton {
  const found = buttonsOf(card).find((b) => b.title === title);
  if (!found) throw new Error(`no button "${title}" in ${cardJson(card).slice(0, 400)}`);
  return found;
}

/** A bot thread in the channel: the reply chain under the user's mention. */
export class TeamsThread {
  constructor(
    readonly h: TeamsBotHarness,
    readonly root: string,
  ) {}

  static async opened(h: TeamsBotHarness, command: string): Promise<TeamsThread> {
    const { root, sent } = await h.mention(command);
    if (sent.status !== 200) throw new Error(`the mention was answered ${sent.status}: ${sent.body}`);
    return new TeamsThread(h, root);
  }

  get replies(): FakeActivity[] {
    return this.h.replies(this.root);
  }

  /** The reply showing `text` with buttons (a review or a failure), once it is there. */
  step(text: string, timeoutMs = 10_000): Promise<FakeActivity> {
    return waitFor(() => this.replies.find((m) => cardJson(m).includes(text) && buttonsOf(m).length > 0), `the step "${text}"`, timeoutMs);
  }

  /** The reply containing `text`, once it is there. */
  reply(text: string, timeoutMs = 10_000): Promise<FakeActivity> {
    return waitFor(() => this.replies.find((m) => cardJson(m).includes(text)), `a reply with "${text}"`, timeoutMs);
  }

  /**
   * A note for the user containing `text`: Teams has no ephemeral messages, so it is in the reply chain or in
   * the user's 1:1 chat with the bot, wherever the adapter sends notes.
   */
  note(text: string, timeoutMs = 10_000): Promise<FakeActivity> {
    return waitFor(() => this.h.fake.allMessages().find((m) => textOf(m).includes(text)), `a note with "${text}"`, timeoutMs);
  }

  /** The current version of a reply (after edits). */
  current(card: FakeActivity): FakeActivity {
    return this.replies.find((m) => m.id === card.id) ?? card;
  }

  press(card: FakeActivity, title: string, inputs: Json = {}): Promise<SentActivity> {
    return this.h.click(this.root, card, button(card, title), inputs);
  }

  /** The same Action.Submit delivered twice at once (a double click, or Teams redelivering it). */
  async doubleClick(card: FakeActivity, title: string, inputs: Json = {}): Promise<SentActivity[]> {
    const control = button(card, title);
    const activity = cardSubmit(
      { ...control.data, ...inputs },
      { serviceUrl: this.h.fake.url, place: 'channel', root: this.root, replyToId: card.id, id: activityId() },
    );
    const again = { ...activity, id: activityId() };
    return Promise.all([sendActivity(this.h.messagesUrl, activity), sendActivity(this.h.messagesUrl, again)]);
  }

  /** The inline form card the bot posted after `after` (Teams has no modals), once it is there. */
  form(after?: FakeActivity, title?: string): Promise<FakeActivity> {
    return waitFor(
      () =>
        this.replies.find(
          (m) =>
            (!after || m.id > after.id) &&
            inputsOf(m).some((e) => e.type === 'Input.Text' || e.type === 'Input.ChoiceSet') &&
            (!title || cardJson(m).includes(title)) &&
            buttonsOf(m).some((b) => (b.data.iip as Json | undefined)?.kind === 'form'),
        ),
      `a form${title ? ` "${title}"` : ''}`,
    );
  }

  /** Submits a form card with `fields` (the values a user typed). */
  submit(form: FakeActivity, fields: Json): Promise<SentActivity> {
    const submit = buttonsOf(form).find((b) => (b.data.iip as Json | undefined)?.kind === 'form');
    if (!submit) throw new Error('not a form card');
    return this.h.click(this.root, form, submit, fields);
  }

  /** A reply in the chain mentioning the bot (a follow-up question, `status`, `cancel`). */
  say(text: string): Promise<SentActivity> {
    return sendActivity(this.h.messagesUrl, channelMention(text, { serviceUrl: this.h.fake.url, root: this.root }));
  }
}
