/**
 * `/iip key`: a workspace admin sets the platform API key this workspace's calls use (checked with the
 * platform, sealed at rest, only ever shown masked); `key status` and `key remove`. A key belongs to the
 * workspace in this chat (a Slack team is never a Teams tenant of the same id).
 */
import type { Handler, HandlerContext } from '../../core/handler.js';
import type { CommandIncoming, FormIncoming } from '../../core/incoming.js';
import { markdown, type FormSpec } from '../../core/message.js';
import { conversationOf, decodeId, threadId } from '../../core/thread-id.js';
import { maskKey } from '../../platform/api-key.js';
import { KEY_SHAPE, verifyKey } from './verify.js';
import type { Translate } from '../../i18n/index.js';

const SET_KEY = 'key:set';

const keyForm = (t: Translate): FormSpec => ({
  action: SET_KEY,
  title: t('key:form.title'),
  submitLabel: t('key:form.submit'),
  value: 'key',
  fields: [{ id: 'key', label: t('key:form.label'), kind: 'text', maxLength: 200, secret: true }],
});

async function say(ctx: HandlerContext, incoming: CommandIncoming | FormIncoming, text: string): Promise<void> {
  const conversation = incoming.kind === 'command' ? incoming.conversation : conversationOf(incoming.thread);
  await ctx.messenger.notify({ conversation }, incoming.user.id, markdown(text));
}

async function refuseUnlessAdmin(ctx: HandlerContext, incoming: CommandIncoming | FormIncoming): Promise<boolean> {
  if (await ctx.messenger.isAdmin(incoming.workspaceId, incoming.user.id)) return false;
  await say(ctx, incoming, ctx.t('key:adminsOnly'));
  return true;
}

async function openKeyForm(ctx: HandlerContext, incoming: CommandIncoming): Promise<void> {
  const { t } = ctx;
  if (!ctx.keyring?.enabled) return say(ctx, incoming, t('key:off'));
  if (await refuseUnlessAdmin(ctx, incoming)) return;
  const { chat, parts } = decodeId(incoming.conversation);
  // the form belongs to no task thread: its own settings "thread" in this conversation carries it back
  const opened = await ctx.messenger.openForm(incoming.triggerId, threadId(chat, ...parts, 'settings'), keyForm(t));
  if (!opened) await say(ctx, incoming, t('key:noForms'));
}

export const keyHandler: Handler = {
  verbs: ['key'],
  workflow: 'key',
  help: {
    summary: (t) => t('key:help.summary'),
    usage: () => 'key [status|remove]',
    example: () => 'key status',
  },
  formActions: [SET_KEY],

  async command(ctx, { incoming, args }) {
    const { t } = ctx;
    const sub = args.toLowerCase();
    if (sub === '' || sub === 'set') return openKeyForm(ctx, incoming);
    if (sub === 'status') {
      const masked = await ctx.keyring?.describe(ctx.messenger.chat, incoming.workspaceId);
      return say(ctx, incoming, masked ? t('key:own', { masked }) : t('key:default'));
    }
    if (sub === 'remove') {
      if (await refuseUnlessAdmin(ctx, incoming)) return;
      await ctx.keyring?.removeKey(ctx.messenger.chat, incoming.workspaceId);
      return say(ctx, incoming, t('key:removed'));
    }
    return say(ctx, incoming, t('key:usage'));
  },

  async formOutsideThread(ctx, incoming) {
    const { t } = ctx;
    if (!ctx.keyring?.enabled || (await refuseUnlessAdmin(ctx, incoming))) return;
    const raw = incoming.fields.key;
    const key = (typeof raw === 'string' ? raw : '').trim();
    if (!KEY_SHAPE.test(key)) return say(ctx, incoming, t('key:notAKey'));
    const verdict = await verifyKey(ctx.platform, key);
    if (verdict === 'rejected') return say(ctx, incoming, t('key:rejected', { masked: maskKey(key) }));
    if (verdict === 'unknown') return say(ctx, incoming, t('key:unknown'));
    await ctx.keyring.setKey(ctx.messenger.chat, incoming.workspaceId, key);
    await say(ctx, incoming, t('key:saved', { masked: maskKey(key) }));
  },
};
