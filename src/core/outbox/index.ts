/** The outbox: every chat write of the handlers, queued, paced, journaled and retried per conversation. */
export { ChatOutbox, type OutboxOptions, type WriteRequest } from './outbox.js';
export { ConversationGate, gateOf, type WriteKind } from './conversation-gate.js';
export {
  KEEP_SETTLED,
  MemoryJournal,
  type DurableJournal,
  type WriteEntry,
  type WriteJournal,
  type WritePayload,
  type WriteSettlement,
  type WriteState,
} from './journal.js';
export { MAX_WRITE_ATTEMPTS, isTransientChatError, writeVerdict, type WriteVerdict } from './write-policy.js';
