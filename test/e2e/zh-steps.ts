/**
 * Shared by the all-Chinese workflow runs (zh-report, zh-disclosure): a Teams thread whose posts and clicks come
 * from a zh-CN client, what a person sees in a Slack message, plan or form, the terminal's own lines, and the
 * check that a text holds no English word and no ASCII punctuation of the bot's own.
 */
import { expect } from 'vitest';
import { VERBS } from '../../src/handlers/index.js';
import { buttonsOf, type TeamsBotHarness } from '../adapters/teams/bot-harness.js';
import type { FakeActivity } from '../helpers/fake-bot-connector.js';
import type { FakeSlackMessage } from '../helpers/fake-slack-api.js';
import { asciiPunctuationLeft, englishLeft, shownText } from '../helpers/chinese-text.js';
import { activityId, cardSubmit, channelMention, sendActivity, type SentActivity } from '../helpers/teams-activities.js';
import { button, TeamsThread } from '../helpers/teams-workflow-steps.js';
import { withoutPokes, type ConsoleBot } from './console-bot.js';

const ZH = 'zh-CN';

/** The terminal shows code without its backticks: the words typed as commands are no English of the bot's. */
export const COMMAND_WORDS = [...VERBS, 'threads', 'switch', 'new', 'exit', 'cancel', 'clear', 'auto', 'zh', 'en', 'cn'];

/** Each text holds no English word and no ASCII punctuation of the bot's own (`content` is the platform's and the user's). */
export function expectAllChinese(texts: readonly string[], content: readonly string[], commandWords: readonly string[] = []): void {
  for (const text of texts) expect(englishLeft(text, content, commandWords), text.slice(0, 400)).toEqual([]);
  for (const text of texts) expect(asciiPunctuationLeft(text, content), text.slice(0, 400)).toEqual([]);
}

/** What the terminal printed, without the pokes `until` typed, file paths and the lines that echo what was typed. */
export function terminalShown(term: ConsoleBot, typed: readonly string[]): string {
  return withoutPokes(term.printed())
    .replace(/\/tmp\/\S+/g, ' ')
    .split('\n')
    .filter((line) => !/^iip( \[[^\]]*\])?> |^\S+( …)?> /.test(line) || !typed.some((t) => line.endsWith(t)))
    .join('\n');
}

/** A Slack message as a person reads it: its fallback text and every text of its blocks (buttons, confirm dialogs). */
export const slackSeen = (m: { text?: string; blocks?: unknown }): string => [m.text ?? '', ...shownText(m.blocks)].join('\n');

/** A plan's text as Slack shows it: its title, its tasks' titles and details. */
export const planText = (m: FakeSlackMessage): string =>
  (m.stream?.chunks ?? []).flatMap((c) => [c.title, c.details].filter((v): v is string => typeof v === 'string')).join('\n');

export const teamsSeen = (m: FakeActivity): string => [m.text ?? '', ...shownText(m.attachments)].join('\n');

/** A Teams reply chain started by a zh-CN client, whose every click and form comes from that client too. */
export class ZhTeamsThread extends TeamsThread {
  static async mention(h: TeamsBotHarness, command: string): Promise<ZhTeamsThread> {
    const root = activityId();
    const sent = await sendActivity(h.messagesUrl, channelMention(command, { serviceUrl: h.fake.url, id: root, locale: ZH }));
    if (sent.status !== 200) throw new Error(`the mention was answered ${sent.status}: ${sent.body}`);
    return new ZhTeamsThread(h, root);
  }

  override press(card: FakeActivity, title: string, inputs: Record<string, unknown> = {}): Promise<SentActivity> {
    return this.send(card, button(card, title).data, inputs);
  }

  override submit(form: FakeActivity, fields: Record<string, unknown>): Promise<SentActivity> {
    const submit = buttonsOf(form).find((b) => (b.data.iip as Record<string, unknown> | undefined)?.kind === 'form');
    if (!submit) throw new Error('not a form card');
    return this.send(form, submit.data, fields);
  }

  private send(card: FakeActivity, data: Record<string, unknown>, inputs: Record<string, unknown>): Promise<SentActivity> {
    const click = cardSubmit(
      { ...data, ...inputs },
      { serviceUrl: this.h.fake.url, place: 'channel', root: this.root, replyToId: card.id, locale: ZH },
    );
    return sendActivity(this.h.messagesUrl, click);
  }
}
