/**
 * Notes only one user should see (`postEphemeral`). Teams has no ephemeral messages, so such a note goes to the
 * user's 1:1 chat with the bot (opened through the Bot Connector when the bot has none yet, as Teams does for
 * proactive messages), and the place it was meant for gets only a line saying a private note was sent. Where the
 * 1:1 chat cannot be opened (the user has not installed the app personally, or Teams refuses), the place is told
 * honestly that Teams has no private notes, and the note is shown there so nothing is lost.
 */
import type { Activity } from 'botbuilder';
import { markdown, mention, type Block, type OutgoingMessage } from '../../core/message.js';
import type { ConversationId, ThreadId } from '../../core/thread-id.js';
import type { Logger } from '../../log.js';
import type { Connector } from './connector.js';
import { teamsConversation, type TeamsConversation } from './ids.js';
import type { ReferenceBook } from './references.js';
import type { TeamsMessage } from './render/limits.js';
import { translatorFor } from '../../i18n/index.js';

export interface PrivateNoteDeps {
  connector: Connector;
  book: ReferenceBook;
  logger: Logger;
  render(message: OutgoingMessage): TeamsMessage[];
  toActivity(page: TeamsMessage): Partial<Activity>;
  /** posts in the place the note was meant for: a thread, or a new thread in a conversation */
  postHere(where: ThreadId | ConversationId, message: OutgoingMessage): Promise<void>;
}

const withMention = (userId: string, text: string): OutgoingMessage => markdown(`${mention(userId)} ${text}`);

/** What is said where the note was meant is in the note's language, and carries it for the adapter's words in it. */
const saidLike = (note: OutgoingMessage, message: OutgoingMessage): OutgoingMessage => (note.lang ? { ...message, lang: note.lang } : message);

export function createPrivateNotes(deps: PrivateNoteDeps) {
  const { connector, book, logger } = deps;

  async function personalChat(place: TeamsConversation, userId: string): Promise<string> {
    const known = book.personalChatOf(userId);
    if (known) return known;
    const opened = await connector.createPersonalChat({ ...place, target: place.conversation }, userId);
    book.setPersonalChat(userId, opened);
    return opened;
  }

  return async function postEphemeral(where: ThreadId | ConversationId, userId: string, message: OutgoingMessage): Promise<void> {
    const place = teamsConversation(where);
    await book.recall(place.tenant, place.conversation);
    await book.recallPersonalChat(userId);
    // a note in the user's own 1:1 chat is private already
    if (book.kindOf(place.conversation) === 'personal' || place.conversation === book.personalChatOf(userId)) return deps.postHere(where, message);
    let delivered = false;
    try {
      const chat = await personalChat(place, userId);
      const target = { tenant: place.tenant, conversation: chat, target: chat };
      for (const page of deps.render(message)) await connector.send(target, deps.toActivity(page));
      delivered = true;
    } catch (error) {
      logger.warn({ err: error, tenant: place.tenant }, 'Teams: a private note could not reach the 1:1 chat');
    }
    const t = translatorFor(message.lang);
    if (delivered) return deps.postHere(where, saidLike(message, withMention(userId, t('teams:privateNoteSent'))));
    const shownHere = t('teams:noPrivateNotes');
    const blocks: Block[] = [{ type: 'context', text: shownHere }, ...(message.blocks ?? [{ type: 'markdown', text: message.text }])];
    return deps.postHere(where, saidLike(message, { text: `${shownHere}\n\n${message.text}`, blocks }));
  };
}
