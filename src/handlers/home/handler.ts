/**
 * `home`: the user's open and recently finished workflows and answers, with their state and links, what they can
 * start, and for admins the API key in use. Opening the bot's Home tab in Slack arrives as `home tab` and is
 * published there; typed (or where a chat has no home tab) the same is answered as a note to the user.
 */
import type { Handler, HandlerContext } from '../../core/handler.js';
import { homeView } from '../../core/home.js';
import type { HomeStart, HomeView } from '../../core/home-view.js';
import { homeKey } from '../../core/home-watch.js';
import { markdown } from '../../core/message.js';
import { answerCommand } from '../workflow/command.js';

/** What home offers to start: the answer families, then the guided workflows that take a text. */
export const HOME_STARTS: Pick<HomeView, 'chats' | 'workflows'> = {
  chats: [
    { verb: 'ask', summary: 'the general model' },
    { verb: 'pharm', summary: 'the life-science model' },
    { verb: 'encyclopedia', summary: 'the bio-pharma encyclopedia, with citations' },
  ],
  workflows: [
    { verb: 'novelty', summary: 'guided novelty search (options: --lang en|cn --from YYYYMMDD --to YYYYMMDD)' },
    { verb: 'report', summary: 'technology pre-research report' },
    { verb: 'disclosure', summary: 'technical disclosure drafting (option: --lang en|cn)' },
    { verb: 'solution', summary: 'technical solution exploration (option: --lang en|cn)' },
    { verb: 'material', summary: 'material solution finding (option: --lang en|cn)' },
  ],
};

const line = (e: HomeView['open'][number]): string => `• *${e.label}*: ${e.state}${e.link ? ` · [open the thread](${e.link})` : ''}`;
const starts = (list: HomeStart[], invocation: string): string => list.map((s) => `\`${invocation}${s.verb}\` ${s.summary}`).join(', ');

/** The home as a note, for chats without a home tab and for a typed `home`. */
export function homeText(view: HomeView, invocation: string): string {
  return [
    view.open.length ? ['*Open*', ...view.open.map(line)].join('\n') : 'Nothing open.',
    view.recent.length ? ['*Recently finished*', ...view.recent.map(line)].join('\n') : '',
    `Start a chat: ${starts(view.chats, invocation)}.`,
    `Start a workflow: ${starts(view.workflows, invocation)}.`,
    view.apiKey ? `API key: ${view.apiKey}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Builds and publishes a user's home tab; false when this chat has none. */
export async function publishHome(ctx: HandlerContext, workspaceId: string, userId: string): Promise<boolean> {
  if (!ctx.messenger.hasHome) return false;
  const view = await homeView(ctx, HOME_STARTS, workspaceId, userId);
  ctx.memory.homes.add(homeKey(ctx.messenger.chat, workspaceId, userId));
  return ctx.messenger.publishHome(workspaceId, userId, view);
}

export const homeHandler: Handler = {
  verbs: ['home'],
  workflow: 'home',
  help: {
    summary: 'your open and recent workflows and answers with links to their threads (in Slack also the bot’s Home tab)',
    usage: 'home',
    example: 'home',
  },

  async command(ctx, { incoming, args }) {
    if (args === 'tab' && (await publishHome(ctx, incoming.workspaceId, incoming.user.id))) return;
    const view = await homeView(ctx, HOME_STARTS, incoming.workspaceId, incoming.user.id);
    await answerCommand(ctx, incoming, markdown(homeText(view, ctx.messenger.invocation)));
  },
};
