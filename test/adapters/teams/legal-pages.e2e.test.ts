/**
 * The privacy and terms pages the Teams app package links (`<PUBLIC_URL>/privacy`, `/terms`): served by the bot
 * beside /api/messages, the operator's text (TEAMS_PRIVACY_FILE, TEAMS_TERMS_FILE) or a plain default saying who
 * runs the bot and what it keeps; a file that cannot be read stops the start with its variable named.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTeamsAdapter } from '../../../src/adapters/teams/index.js';
import { loadConfig } from '../../../src/config.js';
import { createHttpServer } from '../../../src/http/server.js';
import { silentLogger } from '../../../src/log.js';
import { startTeamsHarness, type TeamsHarness } from './harness.js';

let harness: TeamsHarness | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const base = (h: TeamsHarness) => h.messagesUrl.replace(/\/api\/messages$/, '');

describe('Teams: /privacy and /terms', () => {
  it('serve a clear default when the operator gave no text', async () => {
    const h = (harness = await startTeamsHarness());
    const privacy = await fetch(`${base(h)}/privacy`);
    expect(privacy.status).toBe(200);
    expect(privacy.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await privacy.text();
    expect(text).toContain('run by your organisation');
    expect(text).toContain('ask your IT administrator');
    expect(text).toContain('Innovation Intelligence Open Platform');
    const terms = await fetch(`${base(h)}/terms`);
    expect(terms.status).toBe(200);
    expect(await terms.text()).toContain('Terms of use');
  });

  it("serve the operator's files (HTML by extension, text otherwise); HEAD answers, other methods get 405", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'iip-legal-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'privacy.html'), '<h1>Contoso privacy</h1>');
    writeFileSync(join(dir, 'terms.txt'), 'Contoso terms: be kind.');
    const env = loadConfig({ MicrosoftAppId: 'app', TEAMS_PRIVACY_FILE: join(dir, 'privacy.html'), TEAMS_TERMS_FILE: join(dir, 'terms.txt') }).teams;
    expect(env).toMatchObject({ privacyFile: join(dir, 'privacy.html'), termsFile: join(dir, 'terms.txt') });
    const h = (harness = await startTeamsHarness({ adapter: { privacyFile: env?.privacyFile, termsFile: env?.termsFile } }));
    const privacy = await fetch(`${base(h)}/privacy`);
    expect(privacy.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await privacy.text()).toBe('<h1>Contoso privacy</h1>');
    const terms = await fetch(`${base(h)}/terms`);
    expect(terms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await terms.text()).toBe('Contoso terms: be kind.');
    const head = await fetch(`${base(h)}/terms`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(Buffer.byteLength('Contoso terms: be kind.'))]);
    expect((await fetch(`${base(h)}/privacy`, { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('a file that cannot be read stops the start, naming its variable and path', () => {
    const server = createHttpServer({ port: 0, host: '127.0.0.1', logger: silentLogger });
    const missing = join(tmpdir(), 'iip-no-such-privacy-file.html');
    expect(() => createTeamsAdapter({ server, logger: silentLogger, allowUnauthenticated: true, privacyFile: missing })).toThrow(
      `TEAMS_PRIVACY_FILE: cannot read ${missing} (ENOENT)`,
    );
  });
});
