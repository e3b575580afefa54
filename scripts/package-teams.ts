/**
 * `npm run package:teams`: the Teams app package to upload, `dist/iip-teams.zip`, holding `manifest.json` and its
 * two icons at the root. The app id and the bot id are `MicrosoftAppId` (the bot's Azure app registration);
 * `validDomains` and the developer's website, privacy and terms URLs come from `PUBLIC_URL` (the bot's public
 * address, which serves /privacy and /terms), the privacy and terms URLs from `TEAMS_PRIVACY_URL` and
 * `TEAMS_TERMS_URL` when the operator publishes them elsewhere. Without MicrosoftAppId or PUBLIC_URL the package
 * would carry placeholders Teams cannot use: it is refused unless a development package is asked for
 * (`npm run package:teams -- --dev`). A bad value is told in one line, without a stack trace. The localization files the manifest's `localizationInfo` names
 * (`zh-cn.json`) go in beside it, checked first as Teams would: JSON, the localization schema of the manifest's
 * version, only keys Teams localizes and that name a string in the manifest, within Teams' lengths, a Chinese
 * description for every command, and command titles left as the verbs the bot reads.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

export const PLACEHOLDER_APP_ID = '00000000-0000-0000-0000-000000000000';
const ICON_FILES = ['color.png', 'outline.png'] as const;
const APP_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Manifest {
  manifestVersion: string;
  id: string;
  developer: { websiteUrl: string; privacyUrl: string; termsOfUseUrl: string };
  icons: { color: string; outline: string };
  bots: { botId: string; commandLists?: { commands: { title: string }[] }[] }[];
  /** the message action (issue 28): answered by the same bot */
  composeExtensions?: { botId: string }[];
  validDomains: string[];
  localizationInfo?: { defaultLanguageTag: string; additionalLanguages?: { languageTag: string; file: string }[] };
}

/** The keys a v1.17 localization file may hold, with Teams' length limits (the schema's, and the manifest's name). */
const LOCALIZABLE: readonly (readonly [RegExp, number])[] = [
  [/^name\.short$/, 30],
  [/^name\.full$/, 100],
  [/^description\.short$/, 80],
  [/^description\.full$/, 4000],
  [/^bots\[0\]\.commandLists\[[0-2]\]\.commands\[[0-9]\]\.title$/, 32],
  [/^bots\[0\]\.commandLists\[[0-2]\]\.commands\[[0-9]\]\.description$/, 128],
  [/^composeExtensions\[0\]\.commands\[[0-9]\]\.title$/, 32],
  [/^composeExtensions\[0\]\.commands\[[0-9]\]\.description$/, 128],
];
const REQUIRED_KEYS = ['name.short', 'description.short', 'description.full'];

export interface PackageOptions {
  /** the bot's Microsoft app id; the placeholder when unset */
  appId?: string;
  /** the bot's public base URL (PUBLIC_URL): fills `validDomains` and the developer URLs */
  publicUrl?: string;
  /** where the operator publishes the privacy statement and the terms of use (TEAMS_PRIVACY_URL, TEAMS_TERMS_URL) */
  privacyUrl?: string;
  termsUrl?: string;
  /** a development package: placeholders allowed where MicrosoftAppId or PUBLIC_URL is missing (`--dev`) */
  development?: boolean;
  /** the folder holding manifest.json and the icons; default `<repo>/teams` */
  sourceDir?: string;
}

/** A value the package cannot be built with: its message names the variable and is the whole story. */
export class PackageInputError extends Error {}

function httpsUrl(variable: string, raw: string, what: string, example: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(raw.trim());
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:' || url.username || url.password || url.search || url.hash) {
    throw new PackageInputError(`${variable} must be ${what}, such as ${example} (got "${raw.slice(0, 100)}")`);
  }
  return url;
}

const publicBase = (raw: string): URL => httpsUrl('PUBLIC_URL', raw, "the bot's public https address", 'https://iip-bot.example.com');

/** The placeholders a package for real use may not carry, as one line naming what to set. */
function placeholderProblem(options: PackageOptions): string | undefined {
  const missing = [
    ...(options.appId?.trim() && options.appId.trim() !== PLACEHOLDER_APP_ID ? [] : ["MicrosoftAppId (the Azure bot's application id)"]),
    ...(options.publicUrl?.trim() ? [] : ["PUBLIC_URL (the bot's public https address)"]),
  ];
  if (missing.length === 0) return undefined;
  return `set ${missing.join(' and ')}: without them the package carries placeholders Teams cannot use (for a development package, run npm run package:teams -- --dev)`;
}

/** The manifest's value at a localization key such as `bots[0].commandLists[0].commands[3].description`. */
export function manifestValueAt(manifest: unknown, key: string): unknown {
  let node = manifest;
  for (const segment of key.split('.')) {
    const [, name, index] = /^([A-Za-z]+)(?:\[(\d+)\])?$/.exec(segment) ?? [];
    if (name === undefined || typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[name];
    if (index !== undefined) node = Array.isArray(node) ? node[Number(index)] : undefined;
  }
  return node;
}

/** Checks one localization file against the manifest; its problem is told in one line. */
function checkLocalization(manifest: Manifest, file: string, text: string): void {
  const refuse = (problem: string) => new PackageInputError(`teams/${file}: ${problem}`);
  let strings: unknown;
  try {
    strings = JSON.parse(text);
  } catch (error) {
    throw refuse(`not JSON (${(error as Error).message})`);
  }
  if (typeof strings !== 'object' || strings === null || Array.isArray(strings)) throw refuse('must be a JSON object');
  const entries = Object.entries(strings);
  const schema = `https://developer.microsoft.com/en-us/json-schemas/teams/v${manifest.manifestVersion}/MicrosoftTeams.Localization.schema.json`;
  if ((strings as Record<string, unknown>).$schema !== schema) throw refuse(`$schema must be ${schema}, the manifest's version`);
  for (const key of REQUIRED_KEYS) if (!(key in strings)) throw refuse(`"${key}" is missing (Teams requires it)`);
  for (const [key, value] of entries) {
    if (key === '$schema') continue;
    const limit = LOCALIZABLE.find(([pattern]) => pattern.test(key))?.[1];
    if (limit === undefined) throw refuse(`"${key}" is not a key Teams localizes`);
    const original = manifestValueAt(manifest, key);
    if (typeof original !== 'string') throw refuse(`"${key}" names nothing in manifest.json`);
    if (typeof value !== 'string' || !value.trim()) throw refuse(`"${key}" must be a non-empty string`);
    const length = [...value].length;
    if (length > limit) throw refuse(`"${key}" is ${length} characters, over Teams' ${limit}`);
    // a bot command's title is the verb the bot reads; a message action's title is only its label (the bot reads its id)
    if (key.startsWith('bots[') && key.endsWith('.title') && value !== original)
      throw refuse(`"${key}" must stay "${original}", the verb the bot reads`);
  }
  manifest.bots.forEach((bot, b) =>
    bot.commandLists?.forEach((list, l) =>
      list.commands.forEach((command, c) => {
        const key = `bots[${b}].commandLists[${l}].commands[${c}].description`;
        if (!(key in strings)) throw refuse(`"${key}" is missing: command "${command.title}" has no translation`);
      }),
    ),
  );
}

/** The localization files named by the manifest, checked, by file name. */
function localizationFiles(manifest: Manifest, sourceDir: string): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const { file } of manifest.localizationInfo?.additionalLanguages ?? []) {
    if (!/^[\w-]+\.json$/.test(file)) throw new PackageInputError(`teams/manifest.json: localization file "${file}" must be a .json file beside it`);
    let text: string;
    try {
      text = readFileSync(join(sourceDir, file), 'utf8');
    } catch {
      throw new PackageInputError(`teams/${file}: missing (manifest.json's localizationInfo names it)`);
    }
    checkLocalization(manifest, file, text);
    files[file] = Buffer.from(text);
  }
  return files;
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
  for (const extension of manifest.composeExtensions ?? []) extension.botId = appId;
  if (options.publicUrl !== undefined) {
    const base = publicBase(options.publicUrl);
    const at = (path: string) => new URL(path, base.href.endsWith('/') ? base.href : `${base.href}/`).href;
    manifest.validDomains = [base.host];
    manifest.developer = { ...manifest.developer, websiteUrl: at(''), privacyUrl: at('privacy'), termsOfUseUrl: at('terms') };
  }
  const example = 'https://contoso.com/legal/iip-privacy';
  if (options.privacyUrl) manifest.developer.privacyUrl = httpsUrl('TEAMS_PRIVACY_URL', options.privacyUrl, 'an https URL', example).href;
  if (options.termsUrl) manifest.developer.termsOfUseUrl = httpsUrl('TEAMS_TERMS_URL', options.termsUrl, 'an https URL', example).href;
  if (manifest.icons.color !== 'color.png' || manifest.icons.outline !== 'outline.png') {
    throw new PackageInputError('teams/manifest.json must name the icons color.png and outline.png');
  }
  const files: Record<string, Uint8Array> = { 'manifest.json': Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  for (const name of ICON_FILES) files[name] = readFileSync(join(sourceDir, name));
  Object.assign(files, localizationFiles(manifest, sourceDir));
  const placeholders = options.development ? undefined : placeholderProblem(options);
  if (placeholders) throw new PackageInputError(placeholders);
  return zipSync(files, { level: 9 });
}

function main(): void {
  const target = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'iip-teams.zip');
  const development = process.argv.slice(2).includes('--dev');
  const { MicrosoftAppId: appId, PUBLIC_URL: publicUrl, TEAMS_PRIVACY_URL: privacyUrl, TEAMS_TERMS_URL: termsUrl } = process.env;
  let zip: Uint8Array;
  try {
    zip = buildTeamsPackage({
      development,
      ...(appId ? { appId } : {}),
      ...(publicUrl ? { publicUrl } : {}),
      ...(privacyUrl ? { privacyUrl } : {}),
      ...(termsUrl ? { termsUrl } : {}),
    });
  } catch (error) {
    if (!(error instanceof PackageInputError)) throw error;
    process.stderr.write(`package:teams: ${error.message}\n`);
    process.exitCode = 1;
    return;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, zip);
  const id = appId ? `bot id ${appId}` : `placeholder bot id ${PLACEHOLDER_APP_ID}`;
  const urls = publicUrl
    ? `domain and developer URLs from PUBLIC_URL (the bot serves ${publicUrl.replace(/\/$/, '')}/privacy and /terms)`
    : 'placeholder domain and developer URLs';
  const kind = development && (!appId || !publicUrl) ? 'a DEVELOPMENT package, not for upload to an organisation; ' : '';
  process.stdout.write(`wrote ${target} (${kind}${id}; ${urls})\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
