/** Block Kit limits the renderer keeps to (docs.slack.dev/reference/block-kit). */
import type { types } from '@slack/bolt';

export type SlackBlock = types.KnownBlock;

/** One chat.postMessage / chat.update payload. */
export interface SlackMessage {
  /** notification and fallback text */
  text: string;
  blocks: SlackBlock[];
}

export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  /** cumulative text of all markdown blocks in one message */
  markdownPerMessage: 12_000,
  sectionText: 3_000,
  fieldsPerSection: 10,
  fieldText: 2_000,
  contextText: 3_000,
  fallbackText: 4_000,
  elementsPerActions: 25,
  buttonText: 75,
  buttonValue: 2_000,
  optionText: 75,
  optionValue: 150,
  optionDescription: 75,
  checkboxOptions: 10,
  selectOptions: 100,
  placeholder: 150,
  id: 255,
  imageUrl: 3_000,
  altText: 2_000,
  modalTitle: 24,
  modalButton: 24,
  modalBlocks: 100,
  inputLabel: 2_000,
  plainTextInput: 3_000,
  privateMetadata: 3_000,
} as const;

/** A message the renderer cannot express within Slack's limits without losing meaning (a handler bug). */
export class SlackRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlackRenderError';
  }
}

export function checkId(kind: string, id: string): string {
  if (id.length === 0 || id.length > SLACK_LIMITS.id) throw new SlackRenderError(`${kind} must be 1-${SLACK_LIMITS.id} characters`);
  return id;
}
