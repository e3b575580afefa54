/** Splits answer text into stream-sized pieces on character (code point) boundaries. */
export function splitText(text: string, size: number): string[] {
  const chars = Array.from(text);
  const step = Math.max(1, Math.floor(size));
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += step) out.push(chars.slice(i, i + step).join(''));
  return out.length > 0 ? out : [''];
}

/** A rough token count (about four UTF-8 bytes a token), for usage blocks. */
export function tokenCount(text: string): number {
  return Math.max(1, Math.ceil(Buffer.byteLength(text, 'utf8') / 4));
}
