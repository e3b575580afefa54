/** The design registers AI39-1 searches: one list for the bot's `--countries` check and the simulator's refusal. */

/**
 * openapi.json, AI39-1's `country`: "Target country/region code list, supports US, CN, JP, KR, AU, EU, etc.";
 * the contract names no other code. test/platform/design-countries.e2e.test.ts ties this list to that text.
 */
export const DESIGN_COUNTRIES: readonly string[] = ['US', 'CN', 'JP', 'KR', 'AU', 'EU'];
