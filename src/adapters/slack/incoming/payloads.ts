/** The parts of Slack's request payloads the adapter reads, validated; unknown fields are ignored. */
import { z } from 'zod';

export const SlashCommandBody = z.object({
  team_id: z.string(),
  channel_id: z.string(),
  user_id: z.string(),
  user_name: z.string().optional(),
  text: z.string().default(''),
  trigger_id: z.string(),
  command: z.string(),
  /** where a private answer goes even when the bot cannot post in the channel (30 minutes, 5 posts) */
  response_url: z.string().url().optional(),
});
export type SlashCommandBody = z.infer<typeof SlashCommandBody>;

/** A file shared with a message; its bytes are fetched with files.info and the bot token, never from here. */
const SharedFileBody = z.object({
  id: z.string(),
  name: z.string().nullish(),
  mimetype: z.string().nullish(),
  size: z.number().nullish(),
});

const MessageLikeEvent = z.object({
  type: z.string(),
  subtype: z.string().optional(),
  channel: z.string(),
  channel_type: z.string().optional(),
  user: z.string().optional(),
  bot_id: z.string().optional(),
  text: z.string().default(''),
  ts: z.string(),
  thread_ts: z.string().optional(),
  files: z.array(SharedFileBody).optional(),
});
export type MessageLikeEvent = z.infer<typeof MessageLikeEvent>;

export const EventCallbackBody = z.object({
  team_id: z.string(),
  event_id: z.string(),
  event: MessageLikeEvent,
});
export type EventCallbackBody = z.infer<typeof EventCallbackBody>;

const SlackUser = z.object({
  id: z.string(),
  username: z.string().optional(),
  name: z.string().optional(),
  team_id: z.string().optional(),
});

const SelectedOption = z.object({ value: z.string() });

/** One element's state in `state.values[block_id][action_id]`. */
const ElementState = z.object({
  type: z.string(),
  value: z.string().nullish(),
  selected_option: SelectedOption.nullish(),
  selected_options: z.array(SelectedOption).nullish(),
  /** a conversations_select's choice */
  selected_conversation: z.string().nullish(),
});
export const StateValues = z.record(z.string(), z.record(z.string(), ElementState));
export type StateValues = z.infer<typeof StateValues>;

export const BlockActionsBody = z.object({
  type: z.literal('block_actions'),
  team: z.object({ id: z.string() }).nullish(),
  user: SlackUser,
  trigger_id: z.string().optional(),
  container: z.object({
    type: z.string(),
    message_ts: z.string().optional(),
    channel_id: z.string().optional(),
    thread_ts: z.string().optional(),
    is_ephemeral: z.boolean().optional(),
  }),
  channel: z.object({ id: z.string() }).optional(),
  message: z.object({ ts: z.string(), thread_ts: z.string().optional() }).optional(),
  actions: z
    .array(
      z.object({
        action_id: z.string(),
        block_id: z.string().optional(),
        type: z.string(),
        value: z.string().optional(),
        selected_option: SelectedOption.nullish(),
        /** when the user clicked, in Slack's seconds with microseconds ("1700000000.123456") */
        action_ts: z.string().optional(),
      }),
    )
    .min(1),
  state: z.object({ values: StateValues }).optional(),
  response_url: z.string().url().optional(),
});
export type BlockActionsBody = z.infer<typeof BlockActionsBody>;

export const ViewSubmissionBody = z.object({
  type: z.literal('view_submission'),
  team: z.object({ id: z.string() }).nullish(),
  user: SlackUser,
  trigger_id: z.string().optional(),
  view: z.object({
    id: z.string().optional(),
    callback_id: z.string(),
    private_metadata: z.string(),
    state: z.object({ values: StateValues }),
  }),
});
export type ViewSubmissionBody = z.infer<typeof ViewSubmissionBody>;

export const FormMetadataSchema = z.object({
  thread: z.string(),
  action: z.string(),
  value: z.string(),
  /** the fields' checks (FormField's `check`), run on submission before anything is handed on */
  checks: z.record(z.string(), z.object({ reads: z.literal('publication-number'), problem: z.string() })).optional(),
});

/**
 * A text as its author wrote it: Slack escapes `&`, `<` and `>` in a message's and a slash command's text as
 * `&amp;`, `&lt;` and `&gt;` (a `<` left is a mention or a link Slack wrote).
 */
export const unescaped = (text: string): string => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * A message's text as a person reads it, to prefill a form with: Slack's mentions and links (`<@U1|ana>`,
 * `<#C1|general>`, `<!here>`, `<https://x.org|the paper>`) as the client shows them (`@ana`, `#general`, `@here`,
 * `the paper (https://x.org)`), then its escapes decoded.
 */
export const readable = (text: string): string =>
  unescaped(
    text.replace(/<([^<>]+)>/g, (whole, inner: string) => {
      const [target = '', label] = inner.split('|', 2);
      if (target.startsWith('@') || target.startsWith('#')) return label ? `${target[0]}${label.replace(/^[@#]/, '')}` : target;
      if (target.startsWith('!subteam^')) return label ?? '@team';
      if (target.startsWith('!')) return label ?? `@${target.slice(1).split('^')[0]}`;
      if (/^(https?|mailto|tel):/i.test(target)) {
        const shown = target.replace(/^(mailto|tel):/i, '');
        return label && label !== shown ? `${label} (${shown})` : shown;
      }
      return whole;
    }),
  );
