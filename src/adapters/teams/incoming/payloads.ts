/** The parts of a Teams activity the adapter reads, validated; unknown fields are ignored. */
import { z } from 'zod';
import { splitReplyChain } from '../ids.js';

const Account = z.object({ id: z.string(), name: z.string().optional(), aadObjectId: z.string().optional() });

export const TeamsActivity = z.object({
  type: z.string(),
  id: z.string().optional(),
  name: z.string().optional(),
  channelId: z.string(),
  text: z.string().optional(),
  value: z.unknown().optional(),
  replyToId: z.string().optional(),
  from: Account,
  recipient: Account,
  conversation: z.object({
    id: z.string(),
    conversationType: z.string().optional(),
    tenantId: z.string().optional(),
    isGroup: z.boolean().optional(),
  }),
  channelData: z.object({ tenant: z.object({ id: z.string() }).optional() }).optional(),
  // the sender's client language (`zh-CN`); an odd value only loses the language, never the activity
  locale: z.string().max(35).optional().catch(undefined),
});
export type TeamsActivity = z.infer<typeof TeamsActivity>;

export type ConversationKind = 'channel' | 'groupChat' | 'personal';

/** Where an activity happened, as the adapter addresses it. */
export interface ActivityPlace {
  tenant: string;
  kind: ConversationKind;
  /** the conversation id without `;messageid=` */
  conversation: string;
  /** the reply chain's root, for channel messages */
  root?: string;
}

/**
 * The tenant is the activity's (`conversation.tenantId`, or Teams' `channelData.tenant.id`); the Bot Framework
 * Emulator sends none, so its activities live in the tenant named after their channel (`emulator`).
 */
export function placeOf(activity: TeamsActivity): ActivityPlace {
  const tenant = activity.conversation.tenantId ?? activity.channelData?.tenant?.id ?? activity.channelId;
  const type = activity.conversation.conversationType;
  const kind: ConversationKind =
    type === 'channel' || type === 'groupChat' || type === 'personal' ? type : activity.conversation.isGroup ? 'groupChat' : 'personal';
  const { base, root } = splitReplyChain(activity.conversation.id);
  return root === undefined ? { tenant, kind, conversation: base } : { tenant, kind, conversation: base, root };
}

/** The sender's locale, for the incoming (the core picks the language from it). */
export const localeOf = (activity: TeamsActivity): { locale?: string } => (activity.locale ? { locale: activity.locale } : {});

export const userOf = (activity: TeamsActivity): { id: string; name?: string } =>
  activity.from.name ? { id: activity.from.id, name: activity.from.name } : { id: activity.from.id };
