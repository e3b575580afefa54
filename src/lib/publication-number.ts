/**
 * Publication numbers as people write them (`US 2019/0083787 A1`, `EP 1 234 567 B1`, `us10,123,456b2`,
 * `WO2020/123456`) turned into the form the platform takes (`US20190083787A1`, the openapi's `CN118289111A`).
 */

/** A publication number in the platform's form: country code, digits, then digits or letters (`CN118289111A`). */
export const isPublicationNumber = (text: string): boolean => /^[A-Z]{2}\d[\dA-Z]{3,20}$/.test(text);

/** Separators people put inside a number: spaces (also full-width), slashes, hyphens, commas and dots. */
const SEPARATORS = /[\s\u3000/\\\-‐‑–—,.，、．]+/g;

/** The number in the platform's form, or undefined when the text cannot be read as one. */
export function normalisePublicationNumber(typed: string): string | undefined {
  const compact = typed
    .normalize('NFKC')
    .trim()
    .replace(/^(?:pn|no|nr)[.:：]?\s*/i, '')
    .replace(SEPARATORS, '')
    .toUpperCase();
  return isPublicationNumber(compact) ? compact : undefined;
}
