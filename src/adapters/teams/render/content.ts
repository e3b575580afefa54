/** Non-interactive neutral blocks as card elements: fields, references, context, image. */
import type { Reference } from '../../../core/message.js';
import { TEAMS_LIMITS, type CardElement } from './limits.js';
import { clean, safeUrl, stripControl, truncate, withMentions, type RenderContext } from './text.js';
import type { Translate } from '../../../i18n/index.js';

/** Link labels lose the characters that would end `[label](url)` early. */
const linkLabel = (text: string): string => text.replace(/[[\]]/g, '').replace(/\s+/g, ' ');

export function renderFields(fields: { label: string; value: string }[], ctx: RenderContext): CardElement[] {
  if (fields.length === 0) return [];
  return [
    {
      type: 'FactSet',
      facts: fields.map(({ label, value }) => ({
        title: clean(label, TEAMS_LIMITS.factTitle) || ' ',
        value: withMentions(clean(value, TEAMS_LIMITS.factValue), ctx) || '-',
      })),
    },
  ];
}

function referenceLine(reference: Reference, n: number, ctx: RenderContext, t: Translate): string {
  const title = clean(reference.title, 600) || t('common:noTitle');
  const url = safeUrl(reference.url, TEAMS_LIMITS.imageUrl);
  const link = url ? `[${linkLabel(title)}](${url.replace(/\)/g, '%29')})` : title;
  const detail = reference.detail ? ` — ${clean(reference.detail, 1_800)}` : '';
  return withMentions(`${n}. ${link}${detail}`, ctx);
}

/** One TextBlock per reference, numbered, linked when the URL is http(s); an optional bold title first. */
export function renderReferences(items: Reference[], ctx: RenderContext, title: string | undefined, t: Translate): CardElement[] {
  const elements: CardElement[] = [];
  if (title) elements.push({ type: 'TextBlock', text: clean(title, 600), weight: 'Bolder', wrap: true });
  items.forEach((item, i) => elements.push({ type: 'TextBlock', text: referenceLine(item, i + 1, ctx, t), wrap: true, spacing: 'Small' }));
  return elements;
}

export function renderContext(text: string, ctx: RenderContext): CardElement[] {
  const safe = clean(text, 3_000);
  if (safe.length === 0) return [];
  return [{ type: 'TextBlock', text: withMentions(safe, ctx), size: 'Small', isSubtle: true, wrap: true }];
}

/** An image from an http(s) URL; anything else shows its alt text instead of a broken image. */
export function renderImage(url: string, alt: string, ctx: RenderContext, t: Translate): CardElement[] {
  const href = safeUrl(url, TEAMS_LIMITS.imageUrl);
  const altText = truncate(stripControl(alt).trim(), 1_000) || t('common:imageAlt');
  if (href === undefined) return renderContext(altText, ctx);
  return [{ type: 'Image', url: href, altText }];
}
