/** Asks the platform whether a key is accepted, with a read that creates nothing and costs no task. */
import type { Platform } from '../../platform/client.js';
import { PlatformError } from '../../platform/errors.js';

export type KeyVerdict = 'accepted' | 'rejected' | 'unknown';

/** A report id no report has: an accepted key gets "not found"/"invalid", a rejected one an auth error. */
const PROBE_REPORT_ID = 'iip-bot-key-check';

export async function verifyKey(platform: Platform, key: string): Promise<KeyVerdict> {
  try {
    await platform.call('AI34-3', { report_id: PROBE_REPORT_ID }, { apiKey: key });
    return 'accepted';
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.kind === 'unauthorized') return 'rejected';
    if (['invalid-request', 'not-found', 'forbidden', 'task-failed'].includes(error.kind)) return 'accepted';
    return 'unknown';
  }
}

/** What a platform key looks like: `sk-` and a token, no white space (one shape for the bot: ../../lib/api-key.ts). */
export { KEY_SHAPE } from '../../lib/api-key.js';
