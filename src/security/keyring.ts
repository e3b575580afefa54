/**
 * Per-workspace platform API keys: sealed at rest in the state store, opened on use, and used for every call
 * from that workspace or tenant; the bot's own key (IIP_API_KEY) otherwise.
 *
 * Keys are kept apart per chat: a Slack team and a Teams tenant with the same id are different workspaces.
 * Slack's keys keep the setting they always had (`apikey:<team>`: every key stored before keys were scoped is
 * a Slack admin's, since Teams' `key` was always refused), the other chats' are named with their chat
 * (`apikey:teams:<tenant>`, `apikey:console:<workspace>`). The setting's name is also the sealed value's
 * associated data, so a value copied to another chat's setting does not open.
 *
 * Every use reads the sealed setting (one small read of the shared store) and opens it only when its text
 * changed since the last open: a key removed or replaced on one replica is seen by every other at its very
 * next call, while opening stays off the hot path.
 */
import type { Logger } from '../log.js';
import type { CallOptions, Platform, PlatformClient } from '../platform/client.js';
import type { WorkspaceKeys } from '../core/services.js';
import type { StateStore } from '../core/state.js';
import type { ChatKind } from '../core/thread-id.js';
import { keyId, maskKey } from '../platform/api-key.js';
import type { SecretBox } from './secret-box.js';

/** The setting a workspace's sealed key is stored under. */
export const keySetting = (chat: ChatKind, workspaceId: string): string =>
  chat === 'slack' ? `apikey:${workspaceId}` : `apikey:${chat}:${workspaceId}`;

export class Keyring implements WorkspaceKeys {
  /** the key last opened per setting, by the sealed text it came from */
  private readonly opened = new Map<string, { sealed: string; key: string | undefined }>();

  constructor(
    private readonly state: StateStore,
    private readonly box: SecretBox | undefined,
    private readonly client: PlatformClient,
    private readonly logger: Logger,
  ) {}

  /** Whether workspace keys can be stored at all (IIP_SECRET is set). */
  get enabled(): boolean {
    return this.box !== undefined;
  }

  /** The workspace's own key, or undefined when it uses the bot's default key. */
  async keyFor(chat: ChatKind, workspaceId: string): Promise<string | undefined> {
    if (!this.box) return undefined;
    const setting = keySetting(chat, workspaceId);
    const sealed = await this.state.getSetting(setting);
    if (!sealed) {
      this.opened.delete(setting);
      return undefined;
    }
    const known = this.opened.get(setting);
    if (known?.sealed === sealed) return known.key;
    let key: string | undefined;
    try {
      key = this.box.open(sealed, setting);
    } catch (error) {
      // logged once per sealed value: the failure is remembered with it
      this.logger.error({ err: error, chat, workspaceId }, 'a stored workspace key could not be opened: using the default key');
    }
    this.opened.set(setting, { sealed, key });
    return key;
  }

  async setKey(chat: ChatKind, workspaceId: string, key: string): Promise<void> {
    if (!this.box) throw new Error('workspace keys need IIP_SECRET');
    const setting = keySetting(chat, workspaceId);
    await this.state.putSetting(setting, this.box.seal(key, setting));
    this.logger.info({ chat, workspaceId, keyId: keyId(key) }, 'workspace API key set');
  }

  async removeKey(chat: ChatKind, workspaceId: string): Promise<void> {
    const setting = keySetting(chat, workspaceId);
    await this.state.putSetting(setting, undefined);
    this.opened.delete(setting);
    this.logger.info({ chat, workspaceId }, 'workspace API key removed');
  }

  /** The masked key a workspace uses, for people to see. */
  async describe(chat: ChatKind, workspaceId: string): Promise<string | undefined> {
    const key = await this.keyFor(chat, workspaceId);
    return key && maskKey(key);
  }

  /** The platform as a workspace reaches it: every call carries the workspace's key when it has one. */
  platformFor(chat: ChatKind, workspaceId: string): Platform {
    const scoped = async (options: CallOptions = {}): Promise<CallOptions> => {
      const key = options.apiKey ?? (await this.keyFor(chat, workspaceId));
      return key ? { ...options, apiKey: key } : options;
    };
    return {
      call: async (id, request, options) => this.client.call(id, request, await scoped(options)),
      stream: async (id, request, options) => this.client.stream(id, request, await scoped(options)),
    };
  }
}
