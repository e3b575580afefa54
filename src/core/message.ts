/**
 * The neutral message model handlers speak. Adapters render it into Block Kit, Adaptive Cards or terminal
 * text, splitting long text over messages where their platform's limits require it.
 */

export interface Button {
  /** what the click means to the handler: `confirm`, `edit`, `retry`, `cancel`, ... */
  action: string;
  label: string;
  /** opaque to adapters; handlers put the step and record version here, never a platform task id */
  value: string;
  style?: 'primary' | 'danger';
}

export interface Choice {
  value: string;
  label: string;
  description?: string;
}

export interface Reference {
  title: string;
  url?: string;
  detail?: string;
}

export type Block =
  /** markdown as the platform sends it (headings, lists, bold, links, code, tables) */
  | { type: 'markdown'; text: string }
  /** a short label/value grid */
  | { type: 'fields'; fields: { label: string; value: string }[] }
  /** numbered references/citations with links */
  | { type: 'references'; title?: string; items: Reference[] }
  /** small grey text: footers, "confirmed by", progress */
  | { type: 'context'; text: string }
  | { type: 'divider' }
  | { type: 'actions'; buttons: Button[] }
  /** several options ticked at once; the choice travels with the next button click of the same message */
  | { type: 'multiSelect'; id: string; label: string; options: Choice[]; selected?: string[] }
  /** one option from a menu; choosing it is itself the action */
  | { type: 'select'; id: string; action: string; label: string; options: Choice[]; value: string }
  | { type: 'image'; url: string; alt: string };

export interface OutgoingMessage {
  /** plain/markdown text: the notification and fallback text, and the whole message when there are no blocks */
  text: string;
  blocks?: Block[];
}

export interface FormField {
  id: string;
  label: string;
  kind: 'text' | 'multiline' | 'checkboxes' | 'readonly';
  initial?: string | string[];
  options?: Choice[];
  optional?: boolean;
  maxLength?: number;
  /** a value not to be shown back once typed (API keys): terminals mask the echo */
  secret?: boolean;
}

export interface FormSpec {
  /** what the submission means to the handler, e.g. `edit-solution` */
  action: string;
  title: string;
  submitLabel: string;
  fields: FormField[];
  /** opaque; comes back with the submission (step and version) */
  value: string;
}

export const markdown = (text: string): OutgoingMessage => ({ text, blocks: [{ type: 'markdown', text }] });

/** A user mention in neutral text: Slack renders it natively, other adapters replace it with the user's name. */
export const mention = (userId: string): string => `<@${userId}>`;

/** Escapes text a user typed so it is shown as typed inside markdown (no injected formatting or links). */
export const quoteUserText = (text: string): string =>
  text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').replace(/([\\`*_~[\]<>|#])/g, '\\$1');
