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

/** Why an offer was refused: its owner holds `limit` files already, or the bytes would pass `limit` bytes. */
export interface ShelfRefusal {
  refused: 'files' | 'bytes';
  limit: number;
  /** the owner's files (for `files`) or bytes (for `bytes`) on the shelf now */
  held: number;
}

/**
 * Serves files to the platform for a moment, from where every replica (and a restarted bot) can read them;
 * absent where the bot has no public URL. Each owner (a chat user) may hold a few files at once.
 */
export interface FileShelf {
  /**
   * Shelves the file for `owner` (e.g. `slack:T1:U1`); a refusal, nothing shelved, when the owner's cap is reached.
   * A document kept longer than an image passes its own `ttlMs` and `limits`; a `filename` makes it a download.
   */
  offer(data: Buffer, mimeType: string, owner: string, options?: ShelfOptions): Promise<OfferedFile | ShelfRefusal>;
  /** Whether the file is still served (not withdrawn, not expired). */
  has(token: string): Promise<boolean>;
  /** The file while it is served (for the bot's own use, e.g. a document the user accepted later). */
  read(token: string): Promise<StoredUpload | undefined>;
  /** Stops serving the file and deletes it; nothing happens for an unknown token. */
  withdraw(token: string | undefined): Promise<void>;
}

/** How long a shelved file is kept, its owner's caps, and the name a browser saves it under. */
export interface ShelfOptions {
  ttlMs?: number;
  limits?: UploadLimits;
  filename?: string;
}

/** A shelved file as its store keeps it. */
export interface StoredUpload {
  data: Buffer;
  mimeType: string;
  owner: string;
}

/** How much one owner may keep on the shelf at once. */
export interface UploadLimits {
  files: number;
  bytes: number;
}

/**
 * Where the shelf keeps its files (`state/upload-store-*.ts`: a private folder, or Redis), by a key derived from
 * the URL's token (never the token itself). `add` checks the owner's cap and adds in one step.
 */
export interface UploadStore {
  add(key: string, file: StoredUpload, ttlMs: number, limits: UploadLimits): Promise<{ ok: true } | ShelfRefusal>;
  /** the file while it is kept and not expired */
  get(key: string): Promise<StoredUpload | undefined>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/** What one running bot keeps in its own memory only, shared by its handlers (a restarted bot starts empty). */
export interface ProcessMemory {
  /** threads whose platform wait this process runs */
  readonly waits: Set<ThreadId>;
  /** the last platform result each thread's step showed, oldest first (bounded by its user) */
  readonly results: Map<ThreadId, { step: string; result: unknown }>;
  /** `chat:workspace:user` of the homes this process has shown, refreshed when one of their threads changes state */
  readonly homes: Set<string>;
}

export const createProcessMemory = (): ProcessMemory => ({ waits: new Set(), results: new Map(), homes: new Set() });
