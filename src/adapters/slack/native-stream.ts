/**
 * Slack's native streaming for answers in threads: the first text opens the message (chat.startStream, with the
 * recipient outside a DM, as Slack requires), later text is appended (chat.appendStream) and chat.stopStream ends
 * it with the rest of the final text and its blocks (buttons, sources, feedback) below. Text is defused as the
 * markdown renderer does (no model output pings anyone); a trailing `<` or `\` waits for the next text, since what
 * follows decides whether it starts a mention. Where the final message is not the streamed text continued (a
 * rendering that changed it), the stopped message is replaced by chat.update. Slack's refusal of the methods in a
 * channel or a workspace is remembered, so later answers there are edited without trying again.
 */
import type { MessageRef, NativeStream, StreamRecipient } from '../../core/adapter.js';
import type { OutgoingMessage } from '../../core/message.js';
import type { ThreadId } from '../../core/thread-id.js';
import type { Logger } from '../../log.js';
import { SlackApiError } from './errors.js';
import { startedStream } from './written.js';
import { slackThread } from './ids.js';
import type { ApiCall } from './reach.js';
import { SLACK_LIMITS, type SlackBlock, type SlackMessage } from './render/limits.js';
import { renderMessage } from './render/message.js';
import { defuseMentions } from './render/text.js';

export interface SlackStreamDeps {
  api: ApiCall;
  /** read methods (conversations.replies, where a lost chat.startStream is looked up) go through the WebClient */
  readApi: ApiCall;
  /** posts pages into a thread as ordinary replies; resolves to the last one's ts */
  postPages(team: string, channel: string, threadTs: string, pages: SlackMessage[]): Promise<string | undefined>;
  logger: Logger;
}

/** Slack's answers meaning "not here": in this conversation type, or not for this workspace or app. */
const CHANNEL_REFUSALS = new Set(['channel_type_not_supported']);
const TEAM_REFUSALS = new Set(['unknown_method', 'not_allowed_token_type', 'missing_scope', 'access_denied', 'method_deprecated']);

/** A trailing `<`, `\` or `\<` whose meaning depends on the next character. */
const UNDECIDED_TAIL = /\\?<?$/;

/**
 * `streamed + text` as one new string. `text` is usually a slice of the whole answer, and V8 keeps a slice's parent
 * and a concatenation's parts alive: `streamed += text` would hold a copy of the answer per append (a 2,000-token
 * answer held about 60, 250 KB a stream). Joining copies the characters and holds nothing else (V8 hands back the
 * first text, joined to '', as it is: it holds at most the little of the answer that had arrived by then).
 */
const joined = (streamed: string, text: string): string => [streamed, text].join('');

/** Streams the bot started lately, by ts: a lost answer's stream is looked up among the others. */
const KNOWN_STREAMS = 1_000;

export function slackNativeStreams(deps: SlackStreamDeps) {
  const refusedChannels = new Set<string>();
  const refusedTeams = new Set<string>();
  const started = new Set<string>();
  const knowStarted = (ts: string): void => {
    started.add(ts);
    if (started.size > KNOWN_STREAMS) started.delete(started.values().next().value as string);
  };

  function remember(team: string, channel: string, error: unknown): void {
    if (!(error instanceof SlackApiError)) return;
    if (CHANNEL_REFUSALS.has(error.code)) refusedChannels.add(`${team}/${channel}`);
    if (TEAM_REFUSALS.has(error.code)) refusedTeams.add(team);
    if (CHANNEL_REFUSALS.has(error.code) || TEAM_REFUSALS.has(error.code))
      deps.logger.info({ team, channel, code: error.code }, 'Slack refused native streaming here: answers are edited instead');
  }

  return {
    /** A stream for one answer part; undefined where Slack refused before or a channel stream has no recipient. */
    open(thread: ThreadId, recipient?: StreamRecipient): NativeStream | undefined {
      const { team, channel, threadTs } = slackThread(thread);
      const isDm = channel.startsWith('D');
      if (refusedTeams.has(team) || refusedChannels.has(`${team}/${channel}`) || (!isDm && !recipient)) return undefined;
      const forRecipient = recipient && !isDm ? { recipient_user_id: recipient.userId, recipient_team_id: team } : {};
      let ts: string | undefined;
      /** the defused markdown Slack holds */
      let streamed = '';
      /** raw text not sent yet (an undecided tail) */
      let held = '';
      const ref = (): MessageRef | undefined => (ts ? { thread, messageId: ts } : undefined);

      async function send(method: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
        try {
          return await deps.api(team, method, { channel, ...args });
        } catch (error) {
          remember(team, channel, error);
          throw error;
        }
      }

      async function show(markdownText: string): Promise<void> {
        if (ts) await send('chat.appendStream', { ts, markdown_text: markdownText });
        else {
          ts = await start(markdownText);
          knowStarted(ts);
        }
      }

      /** chat.startStream; where its answer was lost, the stream Slack started anyway is taken over, not left behind. */
      async function start(markdownText: string): Promise<string> {
        try {
          const answer = await send('chat.startStream', { thread_ts: threadTs, markdown_text: markdownText, ...forRecipient });
          if (typeof answer.ts !== 'string') throw new SlackApiError('chat.startStream', 'no_ts');
          return answer.ts;
        } catch (error) {
          if (!(error instanceof SlackApiError) || !error.transient) throw error;
          const orphan = await startedStream(deps.readApi, team, channel, threadTs, markdownText, started).catch(() => undefined);
          if (!orphan) throw error;
          deps.logger.info({ team, channel, ts: orphan }, 'chat.startStream lost its answer: streaming on in the message it started');
          return orphan;
        }
      }

      return {
        async append(delta) {
          const raw = held + delta;
          const tail = UNDECIDED_TAIL.exec(raw)?.[0] ?? '';
          const text = defuseMentions(raw.slice(0, raw.length - tail.length));
          if (text) {
            if (streamed.length + text.length > SLACK_LIMITS.markdownPerMessage) throw new SlackApiError('chat.appendStream', 'msg_too_long');
            await show(text);
            streamed = joined(streamed, text);
          }
          held = tail;
          return ref();
        },

        async stop(final: OutgoingMessage): Promise<MessageRef> {
          const [first, ...more] = renderMessage(final) as [SlackMessage, ...SlackMessage[]];
          const lead = first.blocks[0]?.type === 'markdown' ? (first.blocks[0] as { text: string }).text : '';
          const below: SlackBlock[] = lead ? first.blocks.slice(1) : first.blocks;
          if (!ts && !lead) return { thread, messageId: (await deps.postPages(team, channel, threadTs, [first, ...more])) as string };
          if (!ts) {
            await show(lead);
            streamed = lead;
          }
          if (lead.startsWith(streamed)) {
            const rest = lead.slice(streamed.length);
            await send('chat.stopStream', { ts, ...(rest ? { markdown_text: rest } : {}), ...(below.length > 0 ? { blocks: below } : {}) });
          } else {
            await send('chat.stopStream', { ts });
            await send('chat.update', { ts, text: first.text, blocks: first.blocks });
          }
          const last = more.length > 0 ? await deps.postPages(team, channel, threadTs, more) : undefined;
          return { thread, messageId: last ?? (ts as string) };
        },
      };
    },
  };
}
