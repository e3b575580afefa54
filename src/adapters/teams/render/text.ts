/** Text hygiene for Adaptive Cards: control characters, user mentions, URLs, length limits, splitting. */
import { mapMentions } from '../../../core/message.js';
import { httpUrl, stripControl, truncate } from '../../../core/text.js';

export { splitText, stripControl, truncate } from '../../../core/text.js';

/** A mention entity as Teams expects it next to `<at>name</at>` in the card text. */
export interface MentionEntity {
  type: 'mention';
  text: string;
  mentioned: { id: string; name: string };
}

/** What rendering needs to know beyond the message: who is who, and where mention entities are collected. */
export interface RenderContext {
  /** a user's display name, when the adapter has seen it */
  nameOf(userId: string): string | undefined;
  mentions: MentionEntity[];
}

/**
 * The bot's own mentions (core `mention()`) as Teams mentions (`<at>Ann</at>` plus an entity); unknown users as
 * `@user`. Mention-like text from anywhere else (`<@29:abc>` in a model answer) stays plain text.
 */
export function withMentions(text: string, ctx: RenderContext): string {
  return mapMentions(
    text,
    (run) => run,
    (id) => {
      const name = ctx.nameOf(id)?.replace(/[<>]/g, '').trim();
      if (!name) return '@user';
      const tag = `<at>${name}</at>`;
      if (!ctx.mentions.some((m) => m.mentioned.id === id)) ctx.mentions.push({ type: 'mention', text: tag, mentioned: { id, name } });
      return tag;
    },
  );
}

export const clean = (text: string, max: number): string => truncate(stripControl(text).trim(), max);

/** Only http(s) URLs; anything else is no link at all. */
export function safeUrl(url: string | undefined, max: number): string | undefined {
  const href = httpUrl(url)?.href;
  return href !== undefined && href.length <= max ? href : undefined;
}
