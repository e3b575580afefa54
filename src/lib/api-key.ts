/**
 * What a platform API key looks like, in one place: `/iip key` and `IIP_API_KEY` accept exactly this shape, and
 * the log redaction (`redactSecrets`) hides every character it admits, so a key echoed back is hidden whole.
 */

/** The characters a key may have after `sk-` (a character class body). */
export const KEY_BODY_CHARACTERS = 'A-Za-z0-9_.\\-';

/** `sk-` and a token of 6 to 200 of those characters, no white space. */
export const KEY_SHAPE = new RegExp(`^sk-[${KEY_BODY_CHARACTERS}]{6,200}$`);

/** Anything in free text that may be a key, or the start of one: `sk-` and at least four key characters. */
export const KEY_IN_TEXT = new RegExp(`sk-[${KEY_BODY_CHARACTERS}]{4,}`, 'g');
