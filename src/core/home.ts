/** Builds a user's home (home-view.ts) from their thread records, the recently finished list and the workspace key. */
import type { Translate } from '../i18n/index.js';
import type { HandlerContext } from './handler.js';
import type { HomeEntry, HomeView } from './home-view.js';
import { isFinished, type ThreadRecord, type ThreadStatus } from './state.js';
import type { ChatKind, ThreadId } from './thread-id.js';
import type { ThreadKinds } from './thread-kinds.js';

const MAX_SHOWN = 10;
/** Finished threads remembered per user for their home, newest first. */
export const MAX_RECENT = 10;

const stateWords = (status: ThreadStatus, t: Translate): string => t(`core:home.state.${status}`);

/** The setting that lists a user's recently finished threads (written by home-watch.ts). */
export const recentSetting = (chat: ChatKind, workspaceId: string, userId: string): string => `home:recent:${chat}:${workspaceId}:${userId}`;

export function parseRecent(value: string | undefined): ThreadId[] {
  try {
    const parsed: unknown = value === undefined ? [] : JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((t): t is ThreadId => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function labelOf(kinds: ThreadKinds, record: ThreadRecord, t: Translate): string {
  const family = record.data.family;
  return record.workflow === 'chat' && typeof family === 'string' ? t('core:home.chatLabel', { family }) : kinds.noun(record.workflow, t.lang);
}

/**
 * The state in words said with `t`, with the step it is at by name ('open · at the features review'); a done one
 * needs none.
 */
export function stateOf(kinds: ThreadKinds, record: ThreadRecord, t: Translate): string {
  const step = record.status === 'done' ? undefined : kinds.stepName(record.workflow, record.step, t.lang);
  return step ? t('core:home.stateWithStep', { state: stateWords(record.status, t), step }) : stateWords(record.status, t);
}

const TITLE_CHARS = 60;
/** The record fields workflows keep what they were started with in (novelty's idea, solution's problem, ...). */
const TITLE_FIELDS = ['idea', 'problem', 'question', 'lastQuestion', 'field'] as const;

/** The first line of what the thread was started with, cut to TITLE_CHARS; undefined when it keeps none. */
export function titleOf(record: ThreadRecord): string | undefined {
  const text = TITLE_FIELDS.map((field) => record.data[field]).find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const line = text?.trim().split('\n')[0]?.trim();
  if (!line) return undefined;
  const chars = Array.from(line);
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join('')}…` : line;
}

async function entryOf(ctx: HandlerContext, record: ThreadRecord): Promise<HomeEntry> {
  const link = await ctx.messenger.permalink(record.thread);
  const title = titleOf(record);
  return {
    thread: record.thread,
    label: labelOf(ctx.threadKinds, record, ctx.t),
    ...(title ? { title } : {}),
    status: record.status,
    state: stateOf(ctx.threadKinds, record, ctx.t),
    ...(link ? { link } : {}),
    startedAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The user's home as it stands now, in the language `ctx` speaks; `starts` is what it offers to start. */
export async function homeView(
  ctx: HandlerContext,
  starts: Pick<HomeView, 'chats' | 'workflows'>,
  workspaceId: string,
  userId: string,
): Promise<HomeView> {
  const { t } = ctx;
  const chat = ctx.messenger.chat;
  const open = (await ctx.state.listOpenByUser(workspaceId, userId)).slice(0, MAX_SHOWN);
  const recentIds = parseRecent(await ctx.state.getSetting(recentSetting(chat, workspaceId, userId)));
  const recent = (await Promise.all(recentIds.map((thread) => ctx.state.get(thread))))
    .filter((r): r is ThreadRecord => r !== undefined && isFinished(r.status) && r.startedBy === userId)
    .slice(0, MAX_SHOWN);
  const view: HomeView = {
    open: await Promise.all(open.map((r) => entryOf(ctx, r))),
    recent: await Promise.all(recent.map((r) => entryOf(ctx, r))),
    ...starts,
  };
  if (await ctx.messenger.isAdmin(workspaceId, userId)) {
    const masked = await ctx.keyring?.describe(chat, workspaceId);
    if (!ctx.keyring?.enabled) view.apiKey = t('core:home.keyOff');
    else view.apiKey = masked ? t('core:home.keyOwn', { masked }) : t('core:home.keyDefault');
  }
  return view;
}
