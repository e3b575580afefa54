/**
 * Local mode keeps the simulator's tasks, sessions and chats in a JSON file, so a workflow left waiting when
 * the bot quits finds its task again after a restart (as it would on the real platform). Generated download
 * files are not kept: their links are made again when a report is exported anew.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SimState } from './state.js';

const TABLES = ['disclosures', 'solutions', 'reports', 'novelty', 'legacyNovelty', 'designs', 'materials'] as const;

const replacer = (_key: string, value: unknown): unknown => (value instanceof Map ? { $map: [...value] } : value);
const reviver = (_key: string, value: unknown): unknown =>
  value && typeof value === 'object' && '$map' in value ? new Map((value as { $map: [unknown, unknown][] }).$map) : value;

export function saveSimState(state: SimState, file: string): void {
  const snapshot = {
    sessions: state.sessions,
    chats: state.chats,
    tables: Object.fromEntries(TABLES.map((name) => [name, state[name].entries()])),
  };
  mkdirSync(dirname(file), { recursive: true });
  // write then rename: a crash mid-write leaves the previous snapshot
  writeFileSync(`${file}.tmp`, JSON.stringify(snapshot, replacer));
  renameSync(`${file}.tmp`, file);
}

/** Loads a snapshot into a fresh state; a missing or unreadable file leaves the state empty. */
export function loadSimState(state: SimState, file: string): boolean {
  let snapshot: { sessions?: Map<string, never>; chats?: Map<string, never>; tables?: Record<string, [string, never][]> };
  try {
    snapshot = JSON.parse(readFileSync(file, 'utf8'), reviver) as typeof snapshot;
  } catch {
    return false;
  }
  for (const [id, session] of snapshot.sessions ?? []) state.sessions.set(id, session);
  for (const [id, chat] of snapshot.chats ?? []) state.chats.set(id, chat);
  for (const name of TABLES) for (const [id, task] of snapshot.tables?.[name] ?? []) state[name].add(id, task);
  return true;
}
