/** The platform's generated content carries simple HTML (`<strong>`, `<br>`): shown as markdown instead. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

// Platform text: no pattern may scan past the next tag opener, so unclosed tags cost linear time, not quadratic.
const BOLD = /<(strong|b)>((?:(?!<\1>)[\s\S])*?)<\/\1>/gi;
const ITALIC = /<(em|i)>((?:(?!<\1>)[\s\S])*?)<\/\1>/gi;
const CITE = /<cite[^<>]*>((?:(?!<cite)[\s\S])*?)<\/cite>/gi;

export function htmlToMarkdown(html: string): string {
  return (
    html
      // tag names with inner spaces (`< b >`) are squeezed first, so the patterns below need no `\s*` runs
      .replace(
        /<([ \t]*\/)?[ \t]*([a-z]+)([ \t]*\/)?[ \t]*>/gi,
        (_m, close?: string, name?: string, self?: string) => `<${close ? '/' : ''}${name}${self ? '/' : ''}>`,
      )
      .replace(/<br\/?>/gi, '\n')
      .replace(/<\/p>/gi, '\n\n')
      .replace(/<li(?:[ \t][^<>]*)?>/gi, '\n- ')
      .replace(BOLD, '**$2**')
      .replace(ITALIC, '_$2_')
      .replace(CITE, '$1')
      .replace(/<[^<>]+>/g, '')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
