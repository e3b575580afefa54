/**
 * Channel membership as Slack enforces it, for the fake Web API: a bot posts only where it is a member
 * (`not_in_channel` in a public channel it has not joined; `channel_not_found` in a private channel, group DM
 * or DM it cannot see), `conversations.join` works for public channels only, `conversations.open` opens the
 * bot's DM with a user, and message events reach the bot only from conversations it is a member of. A
 * channel nobody declared is a public channel the bot is in, with every user in it (what older tests assume).
 */

export type FakeChannelKind = 'public' | 'private' | 'mpim' | 'im';

export interface FakeChannel {
  id: string;
  kind: FakeChannelKind;
  /** user ids in the conversation, the bot's included when it is a member; undefined: everyone (undeclared) */
  members: Set<string> | undefined;
  archived: boolean;
}

export interface FakeChannelSpec {
  id: string;
  kind: FakeChannelKind;
  /** the people in it (the bot excluded) */
  members?: string[];
  /** whether the bot is a member; default false */
  bot?: boolean;
  archived?: boolean;
}

type Outcome = { ok: true; channel: FakeChannel } | { ok: false; error: string };

export class FakeSlackChannels {
  private readonly channels = new Map<string, FakeChannel>();

  constructor(private readonly botUserId: string) {}

  /** Declares a conversation as Slack would hold it. */
  add(spec: FakeChannelSpec): FakeChannel {
    const members = new Set(spec.members ?? []);
    if (spec.bot) members.add(this.botUserId);
    const channel: FakeChannel = { id: spec.id, kind: spec.kind, members, archived: spec.archived ?? false };
    this.channels.set(spec.id, channel);
    return channel;
  }

  /** The conversation as declared, or the default: a public channel with the bot and everyone in it. */
  get(id: string): FakeChannel {
    return this.channels.get(id) ?? { id, kind: 'public', members: undefined, archived: false };
  }

  isMember(id: string, user: string): boolean {
    const { members } = this.get(id);
    return members === undefined || members.has(user);
  }

  /** Someone typed `/invite @iip` in the conversation (allowed in any kind but a DM). */
  invite(id: string): void {
    const channel = this.get(id);
    if (channel.kind === 'im') throw new Error('a DM between two people cannot take a third member');
    this.channels.set(id, { ...channel, members: new Set([...(channel.members ?? []), this.botUserId]) });
  }

  /** Why the bot cannot post in `id` (chat.postMessage, chat.postEphemeral), or undefined when it can. */
  postProblem(id: string): string | undefined {
    const channel = this.get(id);
    if (this.isMember(id, this.botUserId)) return channel.archived ? 'is_archived' : undefined;
    // a conversation that is not public is invisible to a bot outside it
    return channel.kind === 'public' ? 'not_in_channel' : 'channel_not_found';
  }

  /** conversations.join: public channels only; the bot becomes a member. */
  join(id: string): Outcome & { alreadyIn?: boolean } {
    const channel = this.get(id);
    const visible = channel.kind === 'public' || this.isMember(id, this.botUserId);
    if (!visible) return { ok: false, error: 'channel_not_found' };
    if (channel.kind !== 'public') return { ok: false, error: 'method_not_supported_for_channel_type' };
    if (channel.archived) return { ok: false, error: 'is_archived' };
    if (this.isMember(id, this.botUserId)) return { ok: true, channel, alreadyIn: true };
    const joined = { ...channel, members: new Set([...(channel.members ?? []), this.botUserId]) };
    this.channels.set(id, joined);
    return { ok: true, channel: joined };
  }

  /** conversations.open with one user: the bot's DM with them (`D` + the user id), created once. */
  openDm(user: string): Outcome {
    if (!/^[UW][A-Z0-9]+$/.test(user)) return { ok: false, error: 'user_not_found' };
    const id = `D${user}`;
    const channel = this.channels.get(id) ?? this.add({ id, kind: 'im', members: [user], bot: true });
    return { ok: true, channel };
  }

  /** Whether Slack delivers a message or app_mention event from this conversation to the bot. */
  delivers(channelId: string): boolean {
    return this.isMember(channelId, this.botUserId);
  }

  /** Slack's conversation object for API answers. */
  describe(channel: FakeChannel): Record<string, unknown> {
    return {
      id: channel.id,
      is_channel: channel.kind === 'public' || channel.kind === 'private',
      is_private: channel.kind !== 'public',
      is_im: channel.kind === 'im',
      is_mpim: channel.kind === 'mpim',
      is_archived: channel.archived,
      is_member: this.isMember(channel.id, this.botUserId),
    };
  }
}
