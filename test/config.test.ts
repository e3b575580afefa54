import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  test('an empty environment runs locally: console adapter, simulator, lowdb', () => {
    const config = loadConfig({});
    expect(config.platform.apiKey).toBeUndefined();
    expect(config.platform.baseUrl).toBe('https://connect.patsnap.com');
    expect(config.slack).toBeUndefined();
    expect(config.teams).toBeUndefined();
    expect(config.state).toMatchObject({ file: './data/state.json' });
    expect(config.state.redis).toBeUndefined();
    expect(config.relay.minEditIntervalMs).toBe(1000);
  });

  test('reads every variable it documents', () => {
    const config = loadConfig({
      IIP_API_KEY: 'sk-abc123',
      IIP_BASE_URL: 'https://staging.example',
      IIP_AUTH_MODE: 'query',
      IIP_LANG: 'cn',
      IIP_PATHS: '{"AI35-1":"/x/submit"}',
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_SIGNING_SECRET: 's',
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
      MicrosoftAppId: 'app',
      PORT: '4000',
      STATE_FILE: '/tmp/s.json',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'debug',
      RELAY_MIN_EDIT_INTERVAL_MS: '250',
    });
    expect(config.platform).toMatchObject({ apiKey: 'sk-abc123', authMode: 'query', lang: 'cn', pathOverrides: { 'AI35-1': '/x/submit' } });
    expect(config.slack).toMatchObject({ botToken: 'xoxb-1', signingSecret: 's', apiUrl: 'http://127.0.0.1:9/api/' });
    expect(config.teams?.appId).toBe('app');
    expect(config.http.port).toBe(4000);
    expect(config.state).toMatchObject({ file: '/tmp/s.json', redis: { url: 'redis://127.0.0.1:6379' } });
    expect(config.relay.minEditIntervalMs).toBe(250);
  });

  test('SLACK_APPEND_INTERVAL_MS: 250 ms unless set, in both Slack modes; under 50 refused with the variable named', () => {
    const slack = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' };
    expect(loadConfig(slack).slack?.appendIntervalMs).toBe(250);
    expect(loadConfig({ ...slack, SLACK_APPEND_INTERVAL_MS: '1000' }).slack?.appendIntervalMs).toBe(1000);
    const oauth = { SLACK_CLIENT_ID: 'c', SLACK_CLIENT_SECRET: 'cs', SLACK_STATE_SECRET: 'state-secret-0123456789', SLACK_SIGNING_SECRET: 's' };
    expect(loadConfig({ ...oauth, IIP_SECRET: 'i'.repeat(32), SLACK_APPEND_INTERVAL_MS: '500' }).slack?.appendIntervalMs).toBe(500);
    let error: unknown;
    try {
      loadConfig({ ...slack, SLACK_APPEND_INTERVAL_MS: '20' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^SLACK_APPEND_INTERVAL_MS: .*50/)]);
  });

  test('IIP_LANG: zh and cn both mean Chinese (the platform spells it cn); anything else is refused', () => {
    expect(loadConfig({ IIP_LANG: 'zh' }).platform.lang).toBe('cn');
    expect(loadConfig({ IIP_LANG: 'cn' }).platform.lang).toBe('cn');
    expect(loadConfig({}).platform.lang).toBe('en');
    expect(() => loadConfig({ IIP_LANG: 'fr' })).toThrow(/IIP_LANG/);
  });

  test('one clear problem per bad variable, without echoing values', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', IIP_PATHS: '{oops', IIP_AUTH_MODE: 'cookie', IIP_API_KEY: 'secret-value-123' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('IIP_PATHS:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('IIP_AUTH_MODE:'))).toBe(true);
    expect((error as Error).message).not.toContain('eighty');
  });

  test('a key that is not a platform key, and half a Slack configuration, are refused', () => {
    expect(() => loadConfig({ IIP_API_KEY: 'secret-value-123' })).toThrow(/IIP_API_KEY: platform keys start with "sk-"/);
    expect(() => loadConfig({ IIP_API_KEY: 'secret-value-123' })).not.toThrow(/secret-value-123/);
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1' })).toThrow(/SLACK_SIGNING_SECRET/);
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: 's' })).toThrow(/SLACK_BOT_TOKEN/);
  });

  test("every problem at once, in the bot's own words: field problems beside the checks between variables", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        IIP_AUTH_MODE: 'cookie',
        SLACK_API_URL: 'not a url',
        REDIS_KEY_PREFIX: ' ',
        TEAMS_ALLOW_UNAUTHENTICATED: 'yes',
        SLACK_SIGNING_SECRET: 'signing-secret-1',
      });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'IIP_AUTH_MODE: must be one of bearer, query',
      'SLACK_API_URL: must be a URL such as https://example.com',
      'TEAMS_ALLOW_UNAUTHENTICATED: must be one of 0, 1, true, false',
      'PORT: must be a whole number ≥ 0',
      'REDIS_KEY_PREFIX: must not be empty',
      'SLACK_BOT_TOKEN: required when other SLACK_ variables are set (or SLACK_CLIENT_ID for OAuth installs)',
    ]);
    expect((error as Error).message).not.toContain('signing-secret-1');
  });
});
