/**
 * Posting where the bot may not be a member yet. A public channel it has not joined (`not_in_channel`) is joined
 * with conversations.join (scope channels:join), which also makes Slack send it the thread's replies, and the
 * post is sent again. Where it cannot post at all (`channel_not_found`: a private channel, a group DM or a DM it
 * is not in), the command being handled is answered through its response_url instead: an ephemeral note for the
 * user's own notes, and for a thread the notice with how to invite the bot and a button that runs the command in
 * a DM. A conversation named by a user id is the bot's DM with that user (conversations.open, scope im:write).
 */
import type { Translate } from '../../i18n/index.js';
import type { Logger } from '../../log.js';
import { originFor, postToResponseUrl } from './command-scope.js';
import type { Incoming } from '../../core/incoming.js';
import { SlackApiError } from './errors.js';
import type { SlackMessage } from './render/limits.js';
import { unreachableNotice } from './render/unreachable.js';

/** Calls a Web API method with the team's token; failures come back as `ChatError`s. */
export type ApiCall = (team: string, method: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

const USER_ID = /^[UW][A-Z0-9]{1,30}$/;
const UNREACHABLE = new Set(['channel_not_found', 'is_archived', 'not_in_channel']);

const codeOf = (error: unknown): string | undefined => (error instanceof SlackApiError ? error.code : undefined);

export interface Reach {
  /** The channel to post in: a user id stands for the bot's DM with that user. */
  channelFor(team: string, channel: string): Promise<string>;
  /**
   * Sends a message that opens a thread, joining a public channel first when it must; where it cannot post, the
   * notice to the user of `event` (the command it is made for) is said with `t` (the message's language).
   */
  posting<T>(team: string, channel: string, send: () => Promise<T>, t: Translate, event?: Incoming): Promise<T>;
  /** Sends a note to one user; where the bot cannot post, it goes through the response_url of `event`'s command. */
  ephemeral(team: string, channel: string, pages: SlackMessage[], send: (page: SlackMessage) => Promise<void>, event?: Incoming): Promise<void>;
}

export function createReach(api: ApiCall, logger: Logger): Reach {
  const dms = new Map<string, string>();

  async function channelFor(team: string, channel: string): Promise<string> {
    if (!USER_ID.test(channel)) return channel;
    const known = dms.get(`${team}:${channel}`);
    if (known) return known;
    const opened = await api(team, 'conversations.open', { users: channel });
    const id = (opened.channel as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string') throw new SlackApiError('conversations.open', 'no_channel_returned');
    dms.set(`${team}:${channel}`, id);
    return id;
  }

  /** Tells the command's user why nothing appears and how to go on; once per command. */
  async function tellUnreachable(team: string, channel: string, error: unknown, t: Translate, event?: Incoming): Promise<void> {
    const origin = originFor(event, team, channel);
    if (!origin) {
      logger.warn({ team, channel, code: codeOf(error) }, 'the bot cannot post in a conversation and has no command to answer there');
      return;
    }
    if (origin.toldUnreachable) return;
    origin.toldUnreachable = true;
    await postToResponseUrl(origin.responseUrl, unreachableNotice(origin.text, t)).catch((failure: unknown) =>
      logger.warn({ err: failure, team, channel }, 'could not tell a user that the bot cannot post where they typed a command'),
    );
  }

  async function posting<T>(team: string, channel: string, send: () => Promise<T>, t: Translate, event?: Incoming): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (codeOf(error) !== 'not_in_channel') {
        if (UNREACHABLE.has(codeOf(error) ?? '')) await tellUnreachable(team, channel, error, t, event);
        throw error;
      }
    }
    try {
      await api(team, 'conversations.join', { channel });
    } catch (error) {
      await tellUnreachable(team, channel, error, t, event);
      throw error;
    }
    logger.info({ team, channel }, 'joined a public channel to answer a command there');
    return send();
  }

  async function ephemeral(
    team: string,
    channel: string,
    pages: SlackMessage[],
    send: (page: SlackMessage) => Promise<void>,
    event?: Incoming,
  ): Promise<void> {
    let sent = 0;
    try {
      for (const page of pages) {
        await send(page);
        sent += 1;
      }
    } catch (error) {
      const origin = originFor(event, team, channel);
      if (!origin || !UNREACHABLE.has(codeOf(error) ?? '')) throw error;
      // after the notice, the same command's failure notes would only repeat it
      if (origin.toldUnreachable) return;
      for (const page of pages.slice(sent)) await postToResponseUrl(origin.responseUrl, page);
    }
  }

  return { channelFor, posting, ephemeral };
}
