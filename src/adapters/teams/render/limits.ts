/** Adaptive Card (schema 1.5, as Teams renders it) limits the renderer keeps to, and its output types. */

/** One element of a card body (TextBlock, FactSet, Table, Input.ChoiceSet, ActionSet, ...). */
export type CardElement = { type: string } & Record<string, unknown>;

export interface AdaptiveCard {
  type: 'AdaptiveCard';
  $schema: string;
  version: '1.5';
  body: CardElement[];
  msteams: { width: 'Full'; entities?: unknown[] };
}

/** One Bot Connector message: an Adaptive Card with its notification text. */
export interface TeamsMessage {
  /** the notification / preview text (activity `summary`) */
  summary: string;
  card: AdaptiveCard;
}

export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';
export const CARD_SCHEMA = 'http://adaptivecards.io/schemas/adaptive-card.json';

export const TEAMS_LIMITS = {
  /**
   * UTF-8 bytes of card JSON per message. Teams refuses a message of about 100 KB with 413; the rest is room
   * for the activity envelope.
   */
  cardBytes: 90_000,
  /** characters of one TextBlock before a long paragraph is split over several */
  textBlockChars: 8_000,
  summary: 300,
  buttonTitle: 80,
  /** actions of one set Teams desktop and web show as buttons; more go in the overflow menu (`mode: "secondary"`) */
  visibleActions: 6,
  /** a multi-select shows as ticked boxes up to this many options, as a dropdown beyond */
  expandedChoices: 10,
  choices: 100,
  inputId: 200,
  dataValue: 2_000,
  imageUrl: 2_048,
  factTitle: 200,
  factValue: 2_000,
  tableColumns: 10,
} as const;

/** A message the renderer cannot express within the limits without losing meaning (a handler bug). */
export class TeamsRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TeamsRenderError';
  }
}

export function checkInputId(kind: string, id: string): string {
  if (id.length === 0 || id.length > TEAMS_LIMITS.inputId || id === 'iip' || id === 'msteams') {
    throw new TeamsRenderError(`${kind} must be 1-${TEAMS_LIMITS.inputId} characters and not "iip" or "msteams"`);
  }
  return id;
}

export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');
