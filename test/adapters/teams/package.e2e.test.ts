import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_APP_ID, buildTeamsPackage, manifestValueAt } from '../../../scripts/package-teams.js';
import { colorIcon, outlineIcon } from '../../../teams/icons.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const VERBS = [
  'ask',
  'pharm',
  'encyclopedia',
  'novelty',
  'solution',
  'material',
  'report',
  'disclosure',
  'design',
  'count',
  'key',
  'status',
  'lang',
  'help',
];
const ZH = JSON.parse(readFileSync(resolve(ROOT, 'teams/zh-cn.json'), 'utf8')) as Record<string, string>;

interface Manifest {
  id: string;
  manifestVersion: string;
  icons: { color: string; outline: string };
  validDomains: string[];
  developer: { websiteUrl: string; privacyUrl: string; termsOfUseUrl: string };
  bots: {
    botId: string;
    scopes: string[];
    supportsFiles: boolean;
    commandLists: { scopes: string[]; commands: { title: string; description: string }[] }[];
  }[];
}

function pngSize(png: Uint8Array): { width: number; height: number; colorType: number } {
  const buffer = Buffer.from(png);
  expect(buffer.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(buffer.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20), colorType: buffer[25] as number };
}

const runScript = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/package-teams.ts'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });

const description = (manifest: Manifest, verb: string): string =>
  manifest.bots[0]?.commandLists[0]?.commands.find((c) => c.title === verb)?.description ?? '';

function unpack(zip: Uint8Array): { manifest: Manifest; files: Record<string, Uint8Array> } {
  const files = unzipSync(zip);
  return { manifest: JSON.parse(Buffer.from(files['manifest.json'] as Uint8Array).toString('utf8')) as Manifest, files };
}

describe('Teams app package', () => {
  it('holds the manifest with the bot id and both icons at the right sizes', () => {
    const appId = '0d5f6a1e-3b2c-4e7f-9a8b-1c2d3e4f5a6b';
    const { manifest, files } = unpack(buildTeamsPackage({ appId, development: true }));
    expect(Object.keys(files).sort()).toEqual(['color.png', 'manifest.json', 'outline.png', 'zh-cn.json']);
    expect(manifest.id).toBe(appId);
    expect(manifest.bots.map((b) => b.botId)).toEqual([appId]);
    expect(manifest.bots[0]?.scopes).toEqual(['personal', 'team', 'groupChat']);
    expect(pngSize(files['color.png'] as Uint8Array)).toEqual({ width: 192, height: 192, colorType: 6 });
    expect(pngSize(files['outline.png'] as Uint8Array)).toEqual({ width: 32, height: 32, colorType: 6 });
    expect(manifest.validDomains.length).toBeGreaterThan(0);
  });

  it("lists the verbs as commands within Teams' ten per list, naming the rest in help", () => {
    const { manifest } = unpack(buildTeamsPackage({ development: true }));
    expect(manifest.id).toBe(PLACEHOLDER_APP_ID);
    const [list] = manifest.bots[0]?.commandLists ?? [];
    expect(list?.scopes).toEqual(['personal', 'team', 'groupChat']);
    const titles = list?.commands.map((c) => c.title) ?? [];
    expect(titles.length).toBeLessThanOrEqual(10);
    for (const title of titles) expect(VERBS).toContain(title);
    const help = list?.commands.find((c) => c.title === 'help')?.description ?? '';
    for (const verb of VERBS) expect(titles.includes(verb) || help.includes(verb)).toBe(true);
    for (const command of list?.commands ?? []) {
      expect(command.title.length).toBeLessThanOrEqual(32);
      expect(command.description.length).toBeLessThanOrEqual(128);
    }
  });

  it('ships the icons the generator draws', () => {
    expect(readFileSync(resolve(ROOT, 'teams/color.png'))).toEqual(colorIcon());
    expect(readFileSync(resolve(ROOT, 'teams/outline.png'))).toEqual(outlineIcon());
  });

  it('refuses an app id that is not a GUID', () => {
    expect(() => buildTeamsPackage({ appId: 'not-a-guid' })).toThrow(/GUID/);
  });

  it('describes the verbs as they work: design is an image search, material and report what the platform makes; files are expected', () => {
    const { manifest } = unpack(buildTeamsPackage({ development: true }));
    expect(description(manifest, 'design')).toMatch(/image search/i);
    expect(description(manifest, 'material')).toMatch(/material solutions/i);
    expect(description(manifest, 'report')).toMatch(/pre-research report/i);
    expect(description(manifest, 'help')).toMatch(/\bkey\b/);
    expect(manifest.bots[0]?.supportsFiles).toBe(true);
  });

  it('fills validDomains and the developer URLs from PUBLIC_URL, and refuses a PUBLIC_URL that is not https', () => {
    const { manifest } = unpack(buildTeamsPackage({ publicUrl: 'https://iip.contoso.com:8443/bot/', development: true }));
    expect(manifest.validDomains).toEqual(['iip.contoso.com:8443']);
    expect(manifest.developer).toMatchObject({
      websiteUrl: 'https://iip.contoso.com:8443/bot/',
      privacyUrl: 'https://iip.contoso.com:8443/bot/privacy',
      termsOfUseUrl: 'https://iip.contoso.com:8443/bot/terms',
    });
    expect(() => buildTeamsPackage({ publicUrl: 'http://iip.contoso.com' })).toThrow(/PUBLIC_URL must be the bot's public https address/);
  });

  it('tells a bad MicrosoftAppId or PUBLIC_URL in one line on stderr, without a stack trace', () => {
    for (const [env, expected] of [
      [{ MicrosoftAppId: 'my-bot' }, /^package:teams: MicrosoftAppId must be a GUID .*"my-bot"\n$/],
      [{ MicrosoftAppId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', PUBLIC_URL: 'not a url' }, /^package:teams: PUBLIC_URL must be .*"not a url"\)\n$/],
    ] as const) {
      const run = runScript(env);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(expected);
      expect(run.stdout).toBe('');
    }
  });

  it('writes dist/iip-teams.zip from `npm run package:teams`, the bot id from MicrosoftAppId', () => {
    const appId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const run = runScript({ MicrosoftAppId: appId, PUBLIC_URL: 'https://iip.contoso.com' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('dist/iip-teams.zip');
    const { manifest } = unpack(readFileSync(resolve(ROOT, 'dist/iip-teams.zip')));
    expect(manifest.bots[0]?.botId).toBe(appId);
    expect(manifest.validDomains).toEqual(['iip.contoso.com']);
  });

  it('ships zh-cn.json as the manifest names it: every key a manifest string, every command described in Chinese with the same verbs', () => {
    const { manifest, files } = unpack(buildTeamsPackage({ development: true }));
    expect((manifest as Manifest & { localizationInfo: unknown }).localizationInfo).toEqual({
      defaultLanguageTag: 'en-us',
      additionalLanguages: [{ languageTag: 'zh-cn', file: 'zh-cn.json' }],
    });
    const zh = JSON.parse(Buffer.from(files['zh-cn.json'] as Uint8Array).toString('utf8')) as Record<string, string>;
    expect(zh).toEqual(ZH);
    expect(zh.$schema).toBe(
      `https://developer.microsoft.com/en-us/json-schemas/teams/v${manifest.manifestVersion}/MicrosoftTeams.Localization.schema.json`,
    );
    for (const key of Object.keys(zh).filter((k) => k !== '$schema')) expect(typeof manifestValueAt(manifest, key), key).toBe('string');
    const commands = manifest.bots[0]?.commandLists[0]?.commands ?? [];
    expect(commands.map((c) => c.title)).toContain('lang');
    commands.forEach((command, i) => {
      const chinese = zh[`bots[0].commandLists[0].commands[${i}].description`] ?? '';
      expect(chinese, command.title).toMatch(/\p{Script=Han}/u);
      const verbs = (text: string) => VERBS.filter((verb) => new RegExp(`\\b${verb}\\b`).test(text));
      expect(verbs(command.description), command.title).toEqual(expect.arrayContaining(verbs(chinese)));
      if (command.title !== 'help') expect(verbs(chinese), command.title).toContain(command.title);
      else expect(verbs(chinese)).toEqual(verbs(command.description));
      expect([...chinese].length).toBeLessThanOrEqual(128);
    });
    expect(zh['description.full']).toMatch(/创新情报/);
    // the message action (issue 28): its title in the "…" menu and its description, in Chinese
    expect(zh['composeExtensions[0].commands[0].title']).toMatch(/\p{Script=Han}/u);
    expect(zh['composeExtensions[0].commands[0].description']).toMatch(/\p{Script=Han}/u);
  });

  it('refuses a broken localization file in one line naming the file and the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'iip-teams-'));
    try {
      cpSync(resolve(ROOT, 'teams'), dir, { recursive: true });
      const cases: [Record<string, unknown> | string, RegExp][] = [
        ['{ "name.short": ', /^teams\/zh-cn\.json: not JSON/],
        [{ ...ZH, $schema: ZH.$schema?.replace('v1.17', 'v1.16') }, /\$schema must be .*v1\.17/],
        [
          { ...ZH, 'bots[0].commandLists[0].commands[2].descripton': '新颖性' },
          /"bots\[0\]\.commandLists\[0\]\.commands\[2\]\.descripton" is not a key Teams localizes/,
        ],
        [{ ...ZH, 'bots[0].commandLists[1].commands[0].description': '多余' }, /names nothing in manifest\.json/],
        [{ ...ZH, 'bots[0].commandLists[0].commands[0].description': '长'.repeat(129) }, /is 129 characters, over Teams' 128/],
        [{ ...ZH, 'bots[0].commandLists[0].commands[0].title': '药学' }, /must stay "pharm"/],
        [{ ...ZH, 'bots[0].commandLists[0].commands[8].description': undefined }, /commands\[8\]\.description" is missing: command "lang"/],
      ];
      for (const [content, expected] of cases) {
        writeFileSync(join(dir, 'zh-cn.json'), typeof content === 'string' ? content : JSON.stringify(content));
        let message = '';
        try {
          buildTeamsPackage({ sourceDir: dir });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toMatch(expected);
        expect(message).toMatch(/^teams\/zh-cn\.json: [^\n]+$/);
      }
      rmSync(join(dir, 'zh-cn.json'));
      expect(() => buildTeamsPackage({ sourceDir: dir })).toThrow(/^teams\/zh-cn\.json: missing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses placeholders unless a development package is asked for (--dev), in one line naming what to set', () => {
    const appId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const publicUrl = 'https://iip.contoso.com';
    expect(() => buildTeamsPackage()).toThrow(/^set MicrosoftAppId .* and PUBLIC_URL .*npm run package:teams -- --dev\)$/);
    expect(() => buildTeamsPackage({ appId })).toThrow(/^set PUBLIC_URL /);
    expect(() => buildTeamsPackage({ appId: PLACEHOLDER_APP_ID, publicUrl })).toThrow(/^set MicrosoftAppId /);
    expect(unpack(buildTeamsPackage({ appId, publicUrl })).manifest.id).toBe(appId);

    const refused = runScript({ MicrosoftAppId: '', PUBLIC_URL: '' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^package:teams: set MicrosoftAppId .* and PUBLIC_URL .*--dev\)\n$/);
    const development = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/package-teams.ts', '--dev'], {
      cwd: ROOT,
      env: { ...process.env, MicrosoftAppId: '', PUBLIC_URL: '' },
      encoding: 'utf8',
    });
    expect(development.status).toBe(0);
    expect(development.stdout).toContain('a DEVELOPMENT package, not for upload to an organisation');
    expect(unpack(readFileSync(resolve(ROOT, 'dist/iip-teams.zip'))).manifest.id).toBe(PLACEHOLDER_APP_ID);
  });

  it('points the privacy and terms URLs where the operator says (TEAMS_PRIVACY_URL, TEAMS_TERMS_URL), https only', () => {
    const base = { appId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', publicUrl: 'https://iip.contoso.com' };
    const { manifest } = unpack(
      buildTeamsPackage({ ...base, privacyUrl: 'https://contoso.com/legal/privacy', termsUrl: 'https://contoso.com/legal/terms' }),
    );
    expect(manifest.developer).toEqual({
      ...manifest.developer,
      websiteUrl: 'https://iip.contoso.com/',
      privacyUrl: 'https://contoso.com/legal/privacy',
      termsOfUseUrl: 'https://contoso.com/legal/terms',
    });
    expect(() => buildTeamsPackage({ ...base, termsUrl: 'http://contoso.com/terms' })).toThrow(/^TEAMS_TERMS_URL must be an https URL/);
  });
});
