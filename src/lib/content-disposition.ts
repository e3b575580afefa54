/**
 * `Content-Disposition: attachment` for any file name (RFC 6266): an ASCII `filename` every client reads, and,
 * when the name is not that, the name itself as `filename*=UTF-8''…` (RFC 5987), which current clients prefer.
 */

/** Characters RFC 5987's attr-char leaves out that encodeURIComponent keeps. */
const NOT_ATTR_CHAR = /['()*]/g;

/** The name percent-encoded as RFC 5987's value-chars (UTF-8). */
const extValue = (name: string): string => encodeURIComponent(name).replace(NOT_ATTR_CHAR, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The name in ASCII letters, digits, `.`, `_` and `-` (accents dropped, other runs a `-`), its extension kept; `download` when nothing is left. */
export function asciiFileName(name: string): string {
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  const stem = name
    .slice(0, name.length - extension.length)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  return `${stem || 'download'}${extension}`;
}

/** The header's value for a download saved as `name`. */
export function attachmentDisposition(name: string): string {
  const fallback = asciiFileName(name);
  const header = `attachment; filename="${fallback}"`;
  return fallback === name ? header : `${header}; filename*=UTF-8''${extValue(name)}`;
}
