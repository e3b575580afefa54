/** SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET: multi-workspace mode, and the combinations it refuses. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const OAUTH = {
  SLACK_CLIENT_ID: '1111.2222',
  SLACK_CLIENT_SECRET: 'client-secret-value-1',
  SLACK_STATE_SECRET: 'state-secret-value-0123',
  SLACK_SIGNING_SECRET: 'signing-secret',
  IIP_SECRET: 'iip-secret-value-0123',
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('Slack OAuth configuration', () => {
  it('switches the Slack adapter to OAuth installs without a bot token', () => {
    const config = loadConfig(OAUTH);
    expect(config.slack).toEqual({
      signingSecret: 'signing-secret',
      apiUrl: undefined,
      appendIntervalMs: 250,
      oauth: { clientId: '1111.2222', clientSecret: 'client-secret-value-1', stateSecret: 'state-secret-value-0123' },
    });
    expect(config.slack?.botToken).toBeUndefined();
  });

  it('names each missing or conflicting variable, and never echoes a value', () => {
    expect(problemsOf({ SLACK_CLIENT_ID: '1111.2222' }).join('\n')).toMatch(
      /SLACK_CLIENT_SECRET[\s\S]*SLACK_STATE_SECRET[\s\S]*SLACK_SIGNING_SECRET[\s\S]*IIP_SECRET/,
    );
    expect(problemsOf({ ...OAUTH, SLACK_BOT_TOKEN: 'xoxb-1' })).toEqual([expect.stringMatching(/^SLACK_BOT_TOKEN: leave it unset/)]);
    expect(problemsOf({ ...OAUTH, SLACK_APP_TOKEN: 'xapp-1' })).toEqual([
      expect.stringMatching(/^SLACK_APP_TOKEN: OAuth installs need the HTTP endpoints/),
    ]);
    const { IIP_SECRET: _omitted, ...withoutSecret } = OAUTH;
    expect(problemsOf(withoutSecret)).toEqual([expect.stringMatching(/^IIP_SECRET: required with SLACK_CLIENT_ID/)]);
    const short = problemsOf({ ...OAUTH, SLACK_STATE_SECRET: 'short' });
    expect(short).toContainEqual(expect.stringMatching(/^SLACK_STATE_SECRET: must be at least 16 characters/));
    expect(short.join('')).not.toContain('short"');
  });

  it('keeps the one-workspace mode as it was', () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' });
    expect(config.slack?.botToken).toBe('xoxb-1');
    expect(config.slack?.oauth).toBeUndefined();
  });
});
