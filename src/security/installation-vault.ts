/**
 * Chat app installations sealed at rest (AES-256-GCM with IIP_SECRET, like workspace API keys) in the state
 * store's settings, under `install:<chat>:<name>`; the setting's name is the sealed value's associated data, so a
 * value copied to another name does not open. Nothing it keeps is ever logged.
 */
import type { InstallationVault } from '../core/installations.js';
import type { StateStore } from '../core/state.js';
import type { ChatKind } from '../core/thread-id.js';
import type { Logger } from '../log.js';
import type { SecretBox } from './secret-box.js';

export const installationSetting = (chat: ChatKind, name: string): string => `install:${chat}:${name}`;

export class SealedInstallationVault implements InstallationVault {
  constructor(
    private readonly state: StateStore,
    private readonly box: SecretBox,
    private readonly chat: ChatKind,
    private readonly logger: Logger,
  ) {}

  async get(name: string): Promise<string | undefined> {
    const setting = installationSetting(this.chat, name);
    const sealed = await this.state.getSetting(setting);
    if (sealed === undefined) return undefined;
    try {
      return this.box.open(sealed, setting);
    } catch (error) {
      this.logger.error({ err: error, chat: this.chat, name }, 'a stored installation could not be opened (another IIP_SECRET?): treated as absent');
      return undefined;
    }
  }

  async put(name: string, text: string): Promise<void> {
    const setting = installationSetting(this.chat, name);
    await this.state.putSetting(setting, this.box.seal(text, setting));
  }

  async delete(name: string): Promise<void> {
    await this.state.putSetting(installationSetting(this.chat, name), undefined);
  }
}
