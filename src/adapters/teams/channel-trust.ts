/**
 * Which activities vouch for the tenant and user they name. Teams writes `conversation.tenantId`,
 * `channelData.tenant` and `from.aadObjectId` itself; Web Chat and Direct Line pass on whatever their client
 * wrote there. A token from the Bot Framework binds an activity to its service URL (the `serviceurl` claim), so
 * an activity vouches when it comes from the `msteams` channel AND from one of Teams' own service URLs.
 *
 * Web Chat / Direct Line activities are refused unless the operator names one tenant for them
 * (TEAMS_WEBCHAT_TENANT): then each is taken for that tenant, whatever it names, its user ids are kept apart
 * from Teams' (`webchat:` before them: no Web Chat user passes for a Teams user, nor for an admin) and no Azure
 * AD object id is kept. The Bot Framework Emulator counts as Teams only for an unauthenticated local bot.
 */
import type { Activity } from 'botbuilder';

const WEB_CHAT_CHANNELS = new Set(['webchat', 'directline']);
export const WEB_CHAT_USER_PREFIX = 'webchat:';

export type ChannelVerdict = { trusted: 'teams' } | { trusted: 'webchat'; tenant: string } | { refused: string };

export interface ChannelTrustOptions {
  /** whether the URL is one of Teams' service URLs (./service-urls.ts) */
  isTeamsUrl: (serviceUrl: unknown) => boolean;
  isWebChatUrl: (serviceUrl: unknown) => boolean;
  webChatTenant?: string;
  /** an unauthenticated local bot: the Emulator's activities are taken as Teams' */
  unauthenticated: boolean;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

export function channelTrust(options: ChannelTrustOptions): (activity: Json) => ChannelVerdict {
  return (activity) => {
    const { channelId, serviceUrl } = activity;
    if (channelId === 'msteams' || (channelId === 'emulator' && options.unauthenticated)) {
      return options.isTeamsUrl(serviceUrl) ? { trusted: 'teams' } : { refused: `a ${String(channelId)} activity from a service URL not Teams'` };
    }
    if (typeof channelId === 'string' && WEB_CHAT_CHANNELS.has(channelId)) {
      if (!options.webChatTenant) return { refused: `${channelId} is not allowed (TEAMS_WEBCHAT_TENANT is unset)` };
      if (!options.isWebChatUrl(serviceUrl)) return { refused: `a ${channelId} activity from a service URL not the Bot Framework's` };
      // a Teams-shaped conversation id (19:…, a:…, ;messageid=) would land on a Teams conversation of that tenant
      if (/[:;]/.test(String(record(activity.conversation).id ?? ''))) return { refused: `a ${channelId} conversation id shaped like Teams'` };
      return { trusted: 'webchat', tenant: options.webChatTenant };
    }
    return { refused: `channel ${typeof channelId === 'string' ? channelId.slice(0, 40) : typeof channelId} is not served` };
  };
}

/** A Web Chat activity as the bot takes it: the operator's tenant, its user apart from Teams' users, no AAD id. */
export function asWebChatActivity(activity: Json, tenant: string): Activity {
  const from = record(activity.from);
  const conversation = record(activity.conversation);
  const channelData = record(activity.channelData);
  return {
    ...activity,
    from: { id: `${WEB_CHAT_USER_PREFIX}${String(from.id ?? '')}`, ...(typeof from.name === 'string' ? { name: from.name } : {}) },
    conversation: { ...conversation, tenantId: tenant },
    channelData: { ...channelData, tenant: { id: tenant } },
  } as unknown as Activity;
}
