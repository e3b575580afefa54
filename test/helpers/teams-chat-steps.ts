/**
 * Driving the bot in a Teams chat (the user's 1:1 chat with the bot, or a group chat where it is mentioned) the
 * way a person does: say something, find the card a step shows, press its buttons (a double click delivers the
 * same Action.Submit twice), tick its choice sets, submit its inline forms. Clicks come from the chat's own
 * conversation (no reply chains): the card's data names the thread, as Teams hands it back.
 */
import { buttonsOf, cardJson, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from './fake-bot-connector.js';
import {
  GROUP_CHAT,
  PERSONAL_CHAT,
  activityId,
  cardSubmit,
  groupChatMention,
  personalMessage,
  sendActivity,
  type SentActivity,
} from './teams-activities.js';
import { button, inputsOf } from './teams-workflow-steps.js';

type Json = Record<string, unknown>;
export type ChatPlace = 'personal' | 'group';

export class TeamsChat {
  readonly conversation: string;

  constructor(
    readonly h: TeamsBotHarness,
    readonly place: ChatPlace,
  ) {
    this.conversation = place === 'personal' ? PERSONAL_CHAT : GROUP_CHAT;
  }

  /** A message from the user: plain in the 1:1 chat, mentioning the bot in the group chat. */
  async say(text: string): Promise<SentActivity> {
    const options = { serviceUrl: this.h.fake.url, id: activityId() };
    const activity = this.place === 'personal' ? personalMessage(text, options) : groupChatMention(text, options);
    const sent = await sendActivity(this.h.messagesUrl, activity);
    if (sent.status !== 200) throw new Error(`the message was answered ${sent.status}: ${sent.body}`);
    return sent;
  }

  /** The bot's messages in the chat (native stream finals included), in order. */
  get messages(): FakeActivity[] {
    return this.h.fake.messages(this.conversation);
  }

  /** The message containing `text` with buttons, newer than `after`, once it is there. */
  step(text: string, after?: FakeActivity, timeoutMs = 10_000): Promise<FakeActivity> {
    return waitFor(
      () => this.messages.find((m) => cardJson(m).includes(text) && buttonsOf(m).length > 0 && (!after || m.id > after.id)),
      `the step "${text}"`,
      timeoutMs,
    );
  }

  reply(text: string, timeoutMs = 10_000): Promise<FakeActivity> {
    return waitFor(() => this.messages.find((m) => cardJson(m).includes(text)), `a message with "${text}"`, timeoutMs);
  }

  current(card: FakeActivity): FakeActivity {
    return this.h.fake.activity(card.id) ?? card;
  }

  /** A click on `card`'s button `title`, as Teams sends it from this chat. */
  private submitActivity(card: FakeActivity, title: string, inputs: Json): Json {
    const control = button(card, title);
    const activity = cardSubmit(
      { ...control.data, ...inputs },
      { serviceUrl: this.h.fake.url, place: 'personal', replyToId: card.id, id: activityId() },
    );
    if (this.place === 'personal') return activity;
    return {
      ...activity,
      conversation: { id: GROUP_CHAT, conversationType: 'groupChat', isGroup: true, tenantId: (activity.conversation as Json).tenantId },
    };
  }

  press(card: FakeActivity, title: string, inputs: Json = {}): Promise<SentActivity> {
    return sendActivity(this.h.messagesUrl, this.submitActivity(card, title, inputs));
  }

  /** The same button clicked twice at once. */
  doubleClick(card: FakeActivity, title: string, inputs: Json = {}): Promise<SentActivity[]> {
    return Promise.all([this.press(card, title, inputs), this.press(card, title, inputs)]);
  }

  /** The inline form card posted after `after`, once it is there. */
  form(after: FakeActivity): Promise<FakeActivity> {
    return waitFor(
      () =>
        this.messages.find(
          (m) => m.id > after.id && inputsOf(m).length > 0 && buttonsOf(m).some((b) => (b.data.iip as Json | undefined)?.kind === 'form'),
        ),
      'a form',
    );
  }

  submit(form: FakeActivity, fields: Json): Promise<SentActivity> {
    const submit = buttonsOf(form).find((b) => (b.data.iip as Json | undefined)?.kind === 'form');
    if (!submit) throw new Error('not a form card');
    return this.press(form, submit.title, fields);
  }
}
