/**
 * A neutral `OutgoingMessage` as one or more Slack messages: never more than 50 blocks or 12,000 characters of
 * markdown in one, the blocks of one neutral block kept together when they fit, order preserved.
 */
import type { Block, OutgoingMessage } from '../../../core/message.js';
import { renderContext, renderFields, renderImage, renderMarkdown, renderReferences } from './content.js';
import { renderButtons, renderFeedback, renderMultiSelect, renderSelect } from './interactive.js';
import { SLACK_LIMITS, type SlackBlock, type SlackMessage } from './limits.js';
import { renderTable } from './table.js';
import { escapeTruncated } from './text.js';
import { translatorFor, type Translate } from '../../../i18n/index.js';

interface Counter {
  buttons: number;
  /** Slack takes one table per message: later ones show as text */
  tables: number;
}

function renderBlock(block: Block, counter: Counter, t: Translate): SlackBlock[] {
  switch (block.type) {
    case 'markdown':
      return renderMarkdown(block.text);
    case 'fields':
      return renderFields(block.fields);
    case 'references':
      return renderReferences(block.items, block.title, t);
    case 'context':
      return renderContext(block.text);
    case 'divider':
      return [{ type: 'divider' }];
    case 'image':
      return renderImage(block.url, block.alt, t);
    case 'actions': {
      const rendered = renderButtons(block.buttons, counter.buttons);
      counter.buttons += block.buttons.length;
      return rendered;
    }
    case 'multiSelect':
      return renderMultiSelect(block.id, block.label, block.options, block.selected);
    case 'select':
      return renderSelect(block.id, block.action, block.label, block.options, block.value);
    case 'table':
      return renderTable(block, counter.tables++ === 0);
  }
}

const markdownLength = (blocks: SlackBlock[]): number => blocks.reduce((sum, b) => sum + (b.type === 'markdown' ? b.text.length : 0), 0);

/** Packs groups of blocks into pages; a group that fits on an empty page is never split across pages. */
function paginate(groups: SlackBlock[][]): SlackBlock[][] {
  const pages: SlackBlock[][] = [[]];
  const fits = (page: SlackBlock[], blocks: SlackBlock[]): boolean =>
    page.length + blocks.length <= SLACK_LIMITS.blocksPerMessage && markdownLength(page) + markdownLength(blocks) <= SLACK_LIMITS.markdownPerMessage;
  for (const group of groups) {
    let page = pages[pages.length - 1] as SlackBlock[];
    if (!fits(page, group) && page.length > 0 && fits([], group)) {
      page = [];
      pages.push(page);
    }
    for (const block of group) {
      if (!fits(page, [block])) {
        page = [];
        pages.push(page);
      }
      page.push(block);
    }
  }
  return pages.filter((page) => page.length > 0);
}

/** Plain words of a page, for the notification text of continuation messages. */
function pageText(blocks: SlackBlock[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    if (block.type === 'markdown') parts.push(block.text);
    else if (block.type === 'section' && block.text) parts.push(block.text.text);
  }
  return parts.join('\n');
}

/**
 * The adapter's own words in it (a continued page's text, the feedback buttons) are said in the message's language,
 * the workspace default when it names none.
 */
export function renderMessage(message: OutgoingMessage): SlackMessage[] {
  const t = translatorFor(message.lang);
  const neutral: Block[] = message.blocks ?? [{ type: 'markdown', text: message.text }];
  const counter: Counter = { buttons: 0, tables: 0 };
  const groups = neutral.map((block) => renderBlock(block, counter, t)).filter((group) => group.length > 0);
  const pages = paginate(message.feedback ? [...groups, [renderFeedback(t)]] : groups);
  const fallback = (text: string): string => escapeTruncated(text, SLACK_LIMITS.fallbackText).trim();
  if (pages.length === 0) return [{ text: fallback(message.text) || ' ', blocks: [] }];
  return pages.map((blocks, i) => ({
    text: (i === 0 ? fallback(message.text) : '') || fallback(pageText(blocks)) || t('slack:continued'),
    blocks,
  }));
}
