/**
 * How the Teams reference book keeps what it learned across a restart: a few small named values (the state
 * store's settings; bot.ts wires `getSetting`/`putSetting` in, since adapters may not import the state). One
 * value per conversation (its reference, its kind and, in a chat, its current thread), one per tenant (its
 * service URL) and one per user with a 1:1 chat (that chat's id). A value that cannot be read is ignored.
 */
import type { ConversationReference } from 'botbuilder';
import { z } from 'zod';
import type { ConversationKind } from './incoming/payloads.js';

/** Small named values that outlive the process. */
export interface KeptValues {
  get(key: string): Promise<string | undefined>;
  put(key: string, value: string): Promise<void>;
}

export interface KeptConversation {
  reference: Partial<ConversationReference>;
  kind: ConversationKind;
  chatThread?: string;
}

export const keyOf = {
  conversation: (conversation: string) => `teams:conversation:${conversation}`,
  serviceUrl: (tenant: string) => `teams:service-url:${tenant}`,
  personalChat: (userId: string) => `teams:personal-chat:${userId}`,
};

const Account = z.object({ id: z.string(), name: z.string().optional() }).passthrough();
const KeptConversationShape = z.object({
  reference: z
    .object({
      serviceUrl: z.string(),
      channelId: z.string().optional(),
      bot: Account.optional(),
      user: Account.optional(),
      conversation: z.object({ id: z.string() }).passthrough().optional(),
    })
    .passthrough(),
  kind: z.enum(['channel', 'groupChat', 'personal']),
  chatThread: z.string().optional(),
});

/** The kept conversation in `raw`, or undefined when there is none or it cannot be read. */
export function keptConversation(raw: string | undefined): KeptConversation | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = KeptConversationShape.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as KeptConversation) : undefined;
  } catch {
    return undefined;
  }
}
