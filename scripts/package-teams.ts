/**
 * `npm run package:teams`: the Teams app package to upload, `dist/iip-teams.zip`, holding `manifest.json` and its
 * two icons at the root. The app id and the bot id are `MicrosoftAppId` (the bot's Azure app registration), or a
 * placeholder to replace before uploading when it is not set; `validDomains` and the developer's website, privacy
 * and terms URLs come from `PUBLIC_URL` (the bot's public address), or stay placeholders without it. A bad
 * value is told in one line, without a stack trace.
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
  developer: { websiteUrl: string; privacyUrl: string; termsOfUseUrl: string };
  icons: { color: string; outline: string };
  bots: { botId: string }[];
  validDomains: string[];
}

export interface PackageOptions {
  /** the bot's Microsoft app id; the placeholder when unset */
  appId?: string;
  /** the bot's public base URL (PUBLIC_URL): fills `validDomains` and the developer URLs */
  publicUrl?: string;
  /** the folder holding manifest.json and the icons; default `<repo>/teams` */
  sourceDir?: string;
}

/** A value the package cannot be built with: its message names the variable and is the whole story. */
export class PackageInputError extends Error {}

function publicBase(raw: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(raw.trim());
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:' || url.username || url.password || url.search || url.hash) {
    throw new PackageInputError(
      `PUBLIC_URL must be the bot's public https address, such as https://iip-bot.example.com (got "${raw.slice(0, 100)}")`,
    );
  }
  return url;
}

export function buildTeamsPackage(options: PackageOptions = {}): Uint8Array {
  const sourceDir = options.sourceDir ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', 'teams');
  const appId = options.appId?.trim() || PLACEHOLDER_APP_ID;
  if (!APP_ID_SHAPE.test(appId)) {
    throw new PackageInputError(`MicrosoftAppId must be a GUID (the Azure bot registration's application id), got "${appId.slice(0, 100)}"`);
  }
  const manifest = JSON.parse(readFileSync(join(sourceDir, 'manifest.json'), 'utf8')) as Manifest;
  manifest.id = appId;
  for (const bot of manifest.bots) bot.botId = appId;
  if (options.publicUrl !== undefined) {
    const base = publicBase(options.publicUrl);
    const at = (path: string) => new URL(path, base.href.endsWith('/') ? base.href : `${base.href}/`).href;
    manifest.validDomains = [base.host];
    manifest.developer = { ...manifest.developer, websiteUrl: at(''), privacyUrl: at('privacy'), termsOfUseUrl: at('terms') };
  }
  if (manifest.icons.color !== 'color.png' || manifest.icons.outline !== 'outline.png') {
    throw new PackageInputError('teams/manifest.json must name the icons color.png and outline.png');
  }
  const files: Record<string, Uint8Array> = { 'manifest.json': Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  for (const name of ICON_FILES) files[name] = readFileSync(join(sourceDir, name));
  return zipSync(files, { level: 9 });
}

function main(): void {
  const target = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'iip-teams.zip');
  const appId = process.env.MicrosoftAppId;
  const publicUrl = process.env.PUBLIC_URL;
  let zip: Uint8Array;
  try {
    zip = buildTeamsPackage({ ...(appId ? { appId } : {}), ...(publicUrl ? { publicUrl } : {}) });
  } catch (error) {
    if (!(error instanceof PackageInputError)) throw error;
    process.stderr.write(`package:teams: ${error.message}\n`);
    process.exitCode = 1;
    return;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, zip);
  const id = appId ? `bot id ${appId}` : `placeholder bot id ${PLACEHOLDER_APP_ID}: set MicrosoftAppId to fill it in`;
  const urls = publicUrl
    ? `domain and developer URLs from PUBLIC_URL (serve ${publicUrl.replace(/\/$/, '')}/privacy and /terms)`
    : 'placeholder domain and developer URLs: set PUBLIC_URL to fill them in';
  process.stdout.write(`wrote ${target} (${id}; ${urls})\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
