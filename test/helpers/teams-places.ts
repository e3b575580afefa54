/**
 * One verb's conversation in any of Teams' three places: a reply chain in a channel (the bot mentioned), a group
 * chat (the bot mentioned) or the user's 1:1 chat with the bot (no mention), driven the same way so a flow can be
 * run in each: say something, find the bot's messages since the verb was sent, press buttons, submit forms.
 */
import { buttonsOf, cardJson, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import { waitFor } from '../adapters/teams/harness.js';
import type { FakeActivity } from './fake-bot-connector.js';
import {
  CHANNEL,
  GROUP_CHAT,
  PERSONAL_CHAT,
  TENANT,
  USER,
  activityId,
  cardSubmit,
  channelMention,
  groupChatMention,
  personalMessage,
  sendActivity,
  type SentActivity,
} from './teams-activities.js';
import { button, inputsOf, textOf } from './teams-workflow-steps.js';

type Json = Record<string, unknown>;
type User = { id: string; name: string; aadObjectId?: string };
export type Place = 'channel' | 'group' | 'personal';
export const PLACES: [Place, string][] = [
  ['channel', 'a channel'],
  ['group', 'a group chat'],
  ['personal', 'the 1:1 chat'],
];

const newestId = (h: TeamsBotHarness): number => Math.max(0, ...h.fake.allMessages().map((m) => Number(m.id)));

export class PlaceThread {
  private root = '';
  private readonly since: number;

  private constructor(
    readonly h: TeamsBotHarness,
    readonly place: Place,
  ) {
    this.since = newestId(h);
  }

  /** Sends `command` in `place` (by `user`) and follows what the bot answers from then on. */
  static async opened(h: TeamsBotHarness, place: Place, command: string, user: User = USER): Promise<PlaceThread> {
    const thread = new PlaceThread(h, place);
    const sent = await thread.say(command, user);
    if (sent.status !== 200) throw new Error(`the command was answered ${sent.status}: ${sent.body}`);
    return thread;
  }

  /** A message from the user: a mention (the first one roots the channel's reply chain), or plain in the 1:1 chat. */
  say(text: string, user: User = USER): Promise<SentActivity> {
    const options = { serviceUrl: this.h.fake.url, id: activityId(), user };
    if (this.place === 'channel') {
      if (!this.root) this.root = options.id;
      return sendActivity(this.h.messagesUrl, channelMention(text, { ...options, root: this.root }));
    }
    const activity = this.place === 'group' ? groupChatMention(text, options) : personalMessage(text, options);
    return sendActivity(this.h.messagesUrl, activity);
  }

  /** The bot's messages in this place since the command: the reply chain, or the chat's newer messages. */
  get messages(): FakeActivity[] {
    if (this.place === 'channel') return this.h.fake.replyChain(CHANNEL, this.root);
    const chat = this.place === 'group' ? GROUP_CHAT : PERSONAL_CHAT;
    return this.h.fake.messages(chat).filter((m) => Number(m.id) > this.since);
  }

  /** Any message newer than the command, wherever it went (a private note reaches the user's 1:1 chat). */
  note(text: string, timeoutMs = 10_000): Promise<FakeActivity> {
    const found = () => this.h.fake.allMessages().find((m) => Number(m.id) > this.since && textOf(m).includes(text));
    return waitFor(found, `a message with "${text}"`, timeoutMs);
  }

  reply(text: string, timeoutMs = 10_000): Promise<FakeActivity> {
    return waitFor(() => this.messages.find((m) => cardJson(m).includes(text)), `a message with "${text}"`, timeoutMs);
  }

  /** The message containing `text` with buttons, newer than `after`. */
  step(text: string, after?: FakeActivity, timeoutMs = 10_000): Promise<FakeActivity> {
    const found = () =>
      this.messages.find((m) => cardJson(m).includes(text) && buttonsOf(m).length > 0 && (!after || Number(m.id) > Number(after.id)));
    return waitFor(found, `the step "${text}"`, timeoutMs);
  }

  /** The inline form card posted after `after`. */
  form(after: FakeActivity): Promise<FakeActivity> {
    const isForm = (m: FakeActivity) => inputsOf(m).length > 0 && buttonsOf(m).some((b) => (b.data.iip as Json | undefined)?.kind === 'form');
    return waitFor(() => this.messages.find((m) => Number(m.id) > Number(after.id) && isForm(m)), 'a form');
  }

  current(card: FakeActivity): FakeActivity {
    return this.h.fake.activity(card.id) ?? card;
  }

  /** A click on `card`'s button `title`, as Teams sends it from this place. */
  press(card: FakeActivity, title: string, inputs: Json = {}, user: User = USER): Promise<SentActivity> {
    const value = { ...button(card, title).data, ...inputs };
    const options = { serviceUrl: this.h.fake.url, replyToId: card.id, id: activityId(), user };
    if (this.place === 'channel')
      return sendActivity(this.h.messagesUrl, cardSubmit(value, { ...options, place: 'channel', root: card.root ?? this.root }));
    const activity = cardSubmit(value, { ...options, place: 'personal' });
    if (this.place === 'group') activity.conversation = { id: GROUP_CHAT, conversationType: 'groupChat', isGroup: true, tenantId: TENANT };
    return sendActivity(this.h.messagesUrl, activity);
  }

  submit(form: FakeActivity, fields: Json, user: User = USER): Promise<SentActivity> {
    const submit = buttonsOf(form).find((b) => (b.data.iip as Json | undefined)?.kind === 'form');
    if (!submit) throw new Error('not a form card');
    return this.press(form, submit.title, fields, user);
  }
}
