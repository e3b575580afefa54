/**
 * Where a chat app's installations are kept (a Slack workspace's bot token and refresh token): sealed at rest by
 * `security/`, in the state store, so every replica sees them. The adapter decides what goes in; the vault only
 * keeps text under a name, and never shows it to a log.
 */
export interface InstallationVault {
  /** The text saved under `name`, opened; undefined when there is none, or when it cannot be opened (logged). */
  get(name: string): Promise<string | undefined>;
  put(name: string, text: string): Promise<void>;
  delete(name: string): Promise<void>;
}
