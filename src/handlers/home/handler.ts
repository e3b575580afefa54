/**
 * `home`: the user's open and recently finished workflows and answers, with their state and links, what they can
 * start, and for admins the API key in use. Opening the bot's Home tab in Slack arrives as `home tab` and is
 * published there; typed (or where a chat has no home tab) the same is answered as a note to the user.
 */
import type { Handler, HandlerContext } from '../../core/handler.js';
import { homeView } from '../../core/home.js';
import type { HomeStart, HomeView } from '../../core/home-view.js';
import { homeKey } from '../../core/home-watch.js';
import { markdown, quoteUserText } from '../../core/message.js';
import { answerCommand } from '../workflow/command.js';
import type { Translate } from '../../i18n/index.js';
import { formatDateTime } from '../../i18n/format.js';

/** What home offers to start: the answer families, then the guided workflows that take a text. */
const CHAT_VERBS = ['ask', 'pharm', 'encyclopedia'] as const;
const WORKFLOW_VERBS = ['novelty', 'report', 'disclosure', 'solution', 'material'] as const;
const offered = (verb: (typeof CHAT_VERBS)[number] | (typeof WORKFLOW_VERBS)[number], t: Translate): HomeStart => ({
  verb,
  summary: t(`home:starts.${verb}`),
});
export const homeStarts = (t: Translate): Pick<HomeView, 'chats' | 'workflows'> => ({
  chats: CHAT_VERBS.map((verb) => offered(verb, t)),
  workflows: WORKFLOW_VERBS.map((verb) => offered(verb, t)),
});

/** A link a chat opens (a URL) as a link; where the chat has none (the terminal's `switch 4`), its words as they are. */
const whereTo = (link: string, t: Translate): string => (/^https?:\/\//.test(link) ? `[${t('home:openThread')}](${link})` : link);
/** `• novelty: "A foldable hinge…" · open · at the features review · started 28 Nov, 11:02 · …` */
const line = (e: HomeView['open'][number], t: Translate): string =>
  [
    `• *${e.label}*${e.title ? t('home:title', { title: quoteUserText(e.title) }) : ''}`,
    e.state,
    t('home:started', { when: formatDateTime(e.startedAt, t.lang) }),
    ...(e.link ? [whereTo(e.link, t)] : []),
  ].join(' · ');
const starts = (list: HomeStart[], invocation: string, t: Translate): string =>
  list.map((s) => `\`${invocation}${s.verb}\` ${s.summary}`).join(t('home:listSeparator'));

/** The home as a note, for chats without a home tab and for a typed `home`. */
export function homeText(view: HomeView, invocation: string, t: Translate): string {
  return [
    view.open.length ? [t('home:open'), ...view.open.map((e) => line(e, t))].join('\n') : t('home:nothingOpen'),
    view.recent.length ? [t('home:recent'), ...view.recent.map((e) => line(e, t))].join('\n') : '',
    t('home:startChat', { list: starts(view.chats, invocation, t) }),
    t('home:startWorkflow', { list: starts(view.workflows, invocation, t) }),
    view.apiKey ? t('home:apiKey', { key: view.apiKey }) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Builds and publishes a user's home tab; false when this chat has none. */
export async function publishHome(ctx: HandlerContext, workspaceId: string, userId: string): Promise<boolean> {
  if (!ctx.messenger.hasHome) return false;
  const view = await homeView(ctx, homeStarts(ctx.t), workspaceId, userId);
  ctx.memory.homes.add(homeKey(ctx.messenger.chat, workspaceId, userId));
  return ctx.messenger.publishHome(workspaceId, userId, view);
}

export const homeHandler: Handler = {
  verbs: ['home'],
  workflow: 'home',
  help: {
    summary: (t) => t('home:help.summary'),
    usage: () => 'home',
    example: () => 'home',
  },

  async command(ctx, { incoming, args }) {
    if (args === 'tab' && (await publishHome(ctx, incoming.workspaceId, incoming.user.id))) return;
    const view = await homeView(ctx, homeStarts(ctx.t), incoming.workspaceId, incoming.user.id);
    await answerCommand(ctx, incoming, markdown(homeText(view, ctx.messenger.invocation, ctx.t)));
  },
};
