/**
 * `npm run package:teams`: the Teams app package to upload, `dist/iip-teams.zip`, holding `manifest.json` and its
 * two icons at the root. The app id and the bot id are `MicrosoftAppId` (the bot's Azure app registration), or a
 * placeholder to replace before uploading when it is not set.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

export const PLACEHOLDER_APP_ID = '00000000-0000-0000-0000-000000000000';
const ICON_FILES = ['color.png', 'outline.png'] as const;
const APP_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Manifest {
  id: string;
  icons: { color: string; outline: string };
  bots: { botId: string }[];
}

export interface PackageOptions {
  /** the bot's Microsoft app id; the placeholder when unset */
  appId?: string;
  /** the folder holding manifest.json and the icons; default `<repo>/teams` */
  sourceDir?: string;
}

export function buildTeamsPackage(options: PackageOptions = {}): Uint8Array {
  const sourceDir = options.sourceDir ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', 'teams');
  const appId = options.appId?.trim() || PLACEHOLDER_APP_ID;
  if (!APP_ID_SHAPE.test(appId)) throw new Error("MicrosoftAppId must be a GUID (the Azure bot registration's application id)");
  const manifest = JSON.parse(readFileSync(join(sourceDir, 'manifest.json'), 'utf8')) as Manifest;
  manifest.id = appId;
  for (const bot of manifest.bots) bot.botId = appId;
  const files: Record<string, Uint8Array> = { 'manifest.json': Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  for (const name of ICON_FILES) files[name] = readFileSync(join(sourceDir, name));
  if (manifest.icons.color !== 'color.png' || manifest.icons.outline !== 'outline.png') {
    throw new Error('teams/manifest.json must name the icons color.png and outline.png');
  }
  return zipSync(files, { level: 9 });
}

function main(): void {
  const target = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'iip-teams.zip');
  const appId = process.env.MicrosoftAppId;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, buildTeamsPackage(appId ? { appId } : {}));
  const note = appId ? `bot id ${appId}` : `placeholder bot id ${PLACEHOLDER_APP_ID}: set MicrosoftAppId to fill it in`;
  process.stdout.write(`wrote ${target} (${note})\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
