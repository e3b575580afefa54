/** Non-interactive neutral blocks as Block Kit: markdown, fields, references, context, image. */
import type { Reference } from '../../../core/message.js';
import { SLACK_LIMITS, type SlackBlock } from './limits.js';
import { defuseMentions, escapeTruncated, safeUrl, splitText, stripControl, truncate } from './text.js';
import type { Translate } from '../../../i18n/index.js';

// Escaped lengths; with the link syntax a reference line stays under a section's 3000 characters.
const TITLE_MAX = 600;
const DETAIL_MAX = 1_800;
const URL_MAX = 500;
const LABEL_MAX = 200;

/** Markdown blocks of at most the per-message markdown budget each; the packer spreads them over messages. */
export function renderMarkdown(text: string, maxPerBlock: number = SLACK_LIMITS.markdownPerMessage): SlackBlock[] {
  const safe = defuseMentions(text);
  if (safe.trim().length === 0) return [];
  return splitText(safe, maxPerBlock).map((piece) => ({ type: 'markdown', text: piece }));
}

export function renderFields(fields: { label: string; value: string }[]): SlackBlock[] {
  const texts = fields.map(({ label, value }) => {
    const head = `*${escapeTruncated(label, LABEL_MAX)}*\n`;
    return head + (escapeTruncated(value, SLACK_LIMITS.fieldText - head.length) || '-');
  });
  const blocks: SlackBlock[] = [];
  for (let i = 0; i < texts.length; i += SLACK_LIMITS.fieldsPerSection) {
    const chunk = texts.slice(i, i + SLACK_LIMITS.fieldsPerSection);
    blocks.push({ type: 'section', fields: chunk.map((text) => ({ type: 'mrkdwn' as const, text })) });
  }
  return blocks;
}

function referenceLine(reference: Reference, n: number, t: Translate): string {
  const url = safeUrl(reference.url);
  const linked = url !== undefined && url.length <= URL_MAX;
  // Inside `<url|label>` a mention's `>` would end the link: a label is escaped whole.
  const title = escapeTruncated(reference.title, TITLE_MAX, { keepMentions: !linked }) || t('common:noTitle');
  const link = linked ? `<${url}|${title}>` : title;
  const detail = reference.detail ? ` — ${escapeTruncated(reference.detail, DETAIL_MAX)}` : '';
  return `${n}. ${link}${detail}`;
}

/** A numbered list of links, packed into mrkdwn sections of at most 3000 characters, lines never split. */
export function renderReferences(items: Reference[], title: string | undefined, t: Translate): SlackBlock[] {
  const lines = items.map((item, i) => referenceLine(item, i + 1, t));
  if (title) lines.unshift(`*${escapeTruncated(title, TITLE_MAX)}*`);
  const sections: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current.length > 0 && current.length + 1 + line.length > SLACK_LIMITS.sectionText) {
      sections.push(current);
      current = '';
    }
    current = current.length > 0 ? `${current}\n${line}` : line;
  }
  if (current.length > 0) sections.push(current);
  return sections.map((text) => ({ type: 'section', text: { type: 'mrkdwn', text } }));
}

export function renderContext(text: string): SlackBlock[] {
  const safe = escapeTruncated(text, SLACK_LIMITS.contextText);
  if (safe.trim().length === 0) return [];
  return [{ type: 'context', elements: [{ type: 'mrkdwn', text: safe }] }];
}

/** An image from an http(s) URL; anything else shows its alt text instead of a broken block. */
export function renderImage(url: string, alt: string, t: Translate): SlackBlock[] {
  const href = safeUrl(url);
  const altText = truncate(stripControl(alt).trim(), SLACK_LIMITS.altText) || t('common:imageAlt');
  if (href === undefined || href.length > SLACK_LIMITS.imageUrl) return renderContext(altText);
  return [{ type: 'image', image_url: href, alt_text: altText }];
}
