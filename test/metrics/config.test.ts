/** METRICS_PORT and METRICS_TOKEN: read, checked, listed in --help, never echoed. */
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { ENV_HELP } from '../../src/config-help.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : [String(error)];
  }
};

describe('metrics configuration', () => {
  test('unset: /metrics goes on the bot port, unguarded', () => {
    expect(loadConfig({}).metrics).toEqual({});
  });

  test('a port and a token are read', () => {
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'scrape-token-0123456789' }).metrics).toEqual({
      port: 9464,
      token: 'scrape-token-0123456789',
    });
  });

  test('a bad port and a short token are refused with a clear line each, the token not echoed', () => {
    const problems = problemsOf({ METRICS_PORT: '70000', METRICS_TOKEN: 'short-secret' });
    expect(problems.some((p) => p.startsWith('METRICS_PORT') && p.includes('port number'))).toBe(true);
    expect(problems.some((p) => p.startsWith('METRICS_TOKEN') && p.includes('16 characters'))).toBe(true);
    expect(problems.join('\n')).not.toContain('short-secret');
  });

  test('--help lists both', () => {
    const names = ENV_HELP.map(([n]) => n).join(', ');
    expect(names).toContain('METRICS_PORT');
    expect(names).toContain('METRICS_TOKEN');
  });
});
