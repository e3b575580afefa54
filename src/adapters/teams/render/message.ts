/**
 * A neutral `OutgoingMessage` as one or more Adaptive Card messages. Every message is a card, plain text
 * included, so an edit never has to turn text into a card or back. The elements of one neutral block stay
 * together when they fit; a message whose card JSON would pass `TEAMS_LIMITS.cardBytes` continues in further
 * messages, order preserved.
 */
import { mapMentions, type Block, type OutgoingMessage } from '../../../core/message.js';
import { renderContext, renderFields, renderImage, renderReferences } from './content.js';
import { renderButtons, renderMultiSelect, renderSelect, type SubmitContext } from './interactive.js';
import { CARD_SCHEMA, TEAMS_LIMITS, jsonBytes, type AdaptiveCard, type CardElement, type TeamsMessage } from './limits.js';
import { renderMarkdown } from './markdown.js';
import { plainText } from './plain-text.js';
import { renderTable } from './table.js';
import { clean, type MentionEntity, type RenderContext } from './text.js';
import { translatorFor, type Translate } from '../../../i18n/index.js';

export interface RenderOptions {
  /** the chat thread root the message's buttons belong to (chats only) */
  thread?: string;
  /** display names for `<@id>` mentions */
  nameOf?: (userId: string) => string | undefined;
}

/** Room left in a page for the card envelope and mention entities. */
const PAGE_OVERHEAD_BYTES = 2_000;

function renderBlock(block: Block, ctx: RenderContext, submit: SubmitContext, t: Translate): CardElement[] {
  switch (block.type) {
    case 'markdown':
      return renderMarkdown(block.text, ctx);
    case 'fields':
      return renderFields(block.fields, ctx);
    case 'references':
      return renderReferences(block.items, ctx, block.title, t);
    case 'context':
      return renderContext(block.text, ctx);
    case 'divider':
      return [{ type: 'Container', separator: true, spacing: 'Medium', items: [] }];
    case 'image':
      return renderImage(block.url, block.alt, ctx, t);
    case 'actions':
      return renderButtons(block.buttons, submit, t);
    case 'multiSelect':
      return renderMultiSelect(block.id, block.label, block.options, block.selected);
    case 'select':
      return renderSelect(block.id, block.action, block.label, block.options, block.value, submit, t);
    case 'table':
      return renderTable(block, ctx);
  }
}

/** Packs groups of elements into pages; a group that fits on an empty page is never split across pages. */
function paginate(groups: CardElement[][]): CardElement[][] {
  const budget = TEAMS_LIMITS.cardBytes - PAGE_OVERHEAD_BYTES;
  const pages: { elements: CardElement[]; bytes: number }[] = [{ elements: [], bytes: 0 }];
  for (const group of groups) {
    const sizes = group.map(jsonBytes);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    let page = pages[pages.length - 1] as { elements: CardElement[]; bytes: number };
    if (page.elements.length > 0 && page.bytes + total > budget && total <= budget) {
      page = { elements: [], bytes: 0 };
      pages.push(page);
    }
    group.forEach((element, i) => {
      const size = sizes[i] as number;
      if (page.elements.length > 0 && page.bytes + size > budget) {
        page = { elements: [], bytes: 0 };
        pages.push(page);
      }
      page.elements.push(element);
      page.bytes += size;
    });
  }
  return pages.map((page) => page.elements).filter((elements) => elements.length > 0);
}

function card(body: CardElement[], mentions: MentionEntity[]): AdaptiveCard {
  const json = JSON.stringify(body);
  const used = mentions.filter((m) => json.includes(JSON.stringify(m.text).slice(1, -1)));
  return {
    type: 'AdaptiveCard',
    $schema: CARD_SCHEMA,
    version: '1.5',
    body,
    msteams: used.length > 0 ? { width: 'Full', entities: used } : { width: 'Full' },
  };
}

/** Notification text: plain (Teams shows no Markdown there), short, names instead of the bot's mentions. */
function summaryOf(text: string, nameOf: RenderOptions['nameOf']): string {
  const names: string[] = [];
  // names stand aside while the marks go: a name is shown as it is, underscores and stars included
  const marked = mapMentions(
    text,
    (run) => run,
    (id) => `\ue000${names.push(`@${nameOf?.(id) ?? 'user'}`) - 1}\ue001`,
  );
  // a name cut where the preview's source ends is dropped whole
  const plain = plainText(marked)
    .replace(/\ue000(\d+)\ue001/g, (_, i: string) => names[Number(i)] ?? '')
    .replace(/\ue000\d*/g, '');
  return clean(plain, TEAMS_LIMITS.summary);
}

/** The adapter's own words in the pages ("continued", Apply, fallbacks) are in the message's language. */
export function renderMessage(message: OutgoingMessage, options: RenderOptions = {}): TeamsMessage[] {
  const t = translatorFor(message.lang);
  const ctx: RenderContext = { nameOf: options.nameOf ?? (() => undefined), mentions: [] };
  const neutral: Block[] = message.blocks ?? [{ type: 'markdown', text: message.text }];
  const submit: SubmitContext = {
    ...(options.thread !== undefined ? { thread: options.thread } : {}),
    multi: neutral.flatMap((block) => (block.type === 'multiSelect' ? [block.id] : [])),
  };
  const groups = neutral.map((block) => renderBlock(block, ctx, submit, t)).filter((group) => group.length > 0);
  const pages = paginate(groups);
  const summary = summaryOf(message.text, options.nameOf);
  if (pages.length === 0) {
    return [{ summary: summary || ' ', card: card([{ type: 'TextBlock', text: summary || ' ', wrap: true }], []) }];
  }
  return pages.map((body, i) => ({ summary: (i === 0 ? summary : '') || t('teams:continued'), card: card(body, ctx.mentions) }));
}
