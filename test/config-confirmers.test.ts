/** IIP_CONFIRMERS: who may confirm a workflow's steps by default; starter unless set, a bad value one clear problem. */
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { ENV_HELP } from '../src/config-help.js';

describe('IIP_CONFIRMERS', () => {
  test('defaults to starter; starter and anyone are read', () => {
    expect(loadConfig({}).workflows).toEqual({ confirmers: 'starter' });
    expect(loadConfig({ IIP_CONFIRMERS: 'starter' }).workflows.confirmers).toBe('starter');
    expect(loadConfig({ IIP_CONFIRMERS: 'anyone' }).workflows.confirmers).toBe('anyone');
  });

  test('another value is refused with what it must be, and is listed in --help', () => {
    let error: unknown;
    try {
      loadConfig({ IIP_CONFIRMERS: 'everyone' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'IIP_CONFIRMERS: must be starter (only the user who started a workflow) or anyone (anyone in the channel)',
    ]);
    expect(ENV_HELP.map(([names]) => names)).toContain('IIP_CONFIRMERS');
  });
});
