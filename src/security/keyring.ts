/**
 * Per-workspace platform API keys: sealed at rest in the state store, opened on use (cached briefly), and
 * used for every call from that workspace or tenant; the bot's own key (IIP_API_KEY) otherwise.
 */
import type { Logger } from '../log.js';
import type { CallOptions, Platform, PlatformClient } from '../platform/client.js';
import type { WorkspaceKeys } from '../core/services.js';
import type { StateStore } from '../core/state.js';
import { keyId, maskKey } from '../platform/api-key.js';
import type { SecretBox } from './secret-box.js';

const CACHE_MS = 60_000;
const settingKey = (workspaceId: string): string => `apikey:${workspaceId}`;

export class Keyring implements WorkspaceKeys {
  private readonly cache = new Map<string, { key: string | undefined; until: number }>();

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
  async keyFor(workspaceId: string): Promise<string | undefined> {
    const cached = this.cache.get(workspaceId);
    if (cached && cached.until > Date.now()) return cached.key;
    const sealed = this.box ? await this.state.getSetting(settingKey(workspaceId)) : undefined;
    let key: string | undefined;
    if (sealed && this.box) {
      try {
        key = this.box.open(sealed, settingKey(workspaceId));
      } catch (error) {
        this.logger.error({ err: error, workspaceId }, 'a stored workspace key could not be opened: using the default key');
      }
    }
    this.cache.set(workspaceId, { key, until: Date.now() + CACHE_MS });
    return key;
  }

  async setKey(workspaceId: string, key: string): Promise<void> {
    if (!this.box) throw new Error('workspace keys need IIP_SECRET');
    await this.state.putSetting(settingKey(workspaceId), this.box.seal(key, settingKey(workspaceId)));
    this.cache.delete(workspaceId);
    this.logger.info({ workspaceId, keyId: keyId(key) }, 'workspace API key set');
  }

  async removeKey(workspaceId: string): Promise<void> {
    await this.state.putSetting(settingKey(workspaceId), undefined);
    this.cache.delete(workspaceId);
    this.logger.info({ workspaceId }, 'workspace API key removed');
  }

  /** The masked key a workspace uses, for people to see. */
  async describe(workspaceId: string): Promise<string | undefined> {
    const key = await this.keyFor(workspaceId);
    return key && maskKey(key);
  }

  /** The platform as a workspace reaches it: every call carries the workspace's key when it has one. */
  platformFor(workspaceId: string): Platform {
    const scoped = async (options: CallOptions = {}): Promise<CallOptions> => {
      const key = options.apiKey ?? (await this.keyFor(workspaceId));
      return key ? { ...options, apiKey: key } : options;
    };
    return {
      call: async (id, request, options) => this.client.call(id, request, await scoped(options)),
      stream: async (id, request, options) => this.client.stream(id, request, await scoped(options)),
    };
  }
}
