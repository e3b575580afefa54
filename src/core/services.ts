/** The services a running bot lends its handlers, as interfaces: `security/`, `http/` and `bot.ts` implement them. */
import type { Platform } from '../platform/client.js';
import type { ChatKind, ThreadId } from './thread-id.js';

/**
 * Per-workspace platform API keys (`/iip key`), sealed at rest. A key belongs to a workspace of one chat: a Slack
 * team and a Teams tenant with the same id never share one.
 */
export interface WorkspaceKeys {
  /** whether keys can be stored at all (the operator set a secret to seal them with) */
  readonly enabled: boolean;
  setKey(chat: ChatKind, workspaceId: string, key: string): Promise<void>;
  removeKey(chat: ChatKind, workspaceId: string): Promise<void>;
  /** the masked key a workspace uses, for people to see; undefined when it uses the bot's default */
  describe(chat: ChatKind, workspaceId: string): Promise<string | undefined>;
  /** the platform as a workspace reaches it: every call carries the workspace's key when it has one */
  platformFor(chat: ChatKind, workspaceId: string): Platform;
}

/** A file offered to the platform at a private URL (an image a user uploaded for `/iip design`). */
export interface OfferedFile {
  /** what the platform is given */
  url: string;
  /** what withdraws it */
  token: string;
}

/** Serves files to the platform for a moment; absent where the bot has no public URL. */
export interface FileShelf {
  offer(data: Buffer, mimeType: string): OfferedFile;
  withdraw(token: string | undefined): void;
}

/** What one running bot keeps in its own memory only, shared by its handlers (a restarted bot starts empty). */
export interface ProcessMemory {
  /** threads whose platform wait this process runs */
  readonly waits: Set<ThreadId>;
  /** the last platform result each thread's step showed, oldest first (bounded by its user) */
  readonly results: Map<ThreadId, { step: string; result: unknown }>;
}

export const createProcessMemory = (): ProcessMemory => ({ waits: new Set(), results: new Map() });
