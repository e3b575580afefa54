/**
 * The neutral message model handlers speak. Adapters render it into Block Kit, Adaptive Cards or terminal
 * text, splitting long text over messages where their platform's limits require it.
 */
import { randomBytes } from 'node:crypto';
import type { Lang } from '../i18n/index.js';

export interface Button {
  /** what the click means to the handler: `confirm`, `edit`, `retry`, `cancel`, ... */
  action: string;
  label: string;
  /** opaque to adapters; handlers put the step and record version here, never a platform task id */
  value: string;
  style?: 'primary' | 'danger';
  /** asked before the click counts (a choice that throws work away): Slack's confirm dialog, a y/N in the terminal */
  confirm?: ButtonConfirm;
}

export interface ButtonConfirm {
  /** the question, e.g. "Cancel the novelty search?" */
  title: string;
  /** what happens if the user goes on */
  text: string;
  /** the labels of going on and of backing out */
  confirm: string;
  deny: string;
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
  | { type: 'image'; url: string; alt: string }
  /**
   * a table of short cells under a header row; `text` is the same table as aligned monospace text (a markdown
   * code block), shown where the chat has no tables or the table passes the chat's limits
   */
  | { type: 'table'; header: string[]; rows: string[][]; align?: TableAlign[]; text: string };

export type TableAlign = 'left' | 'center' | 'right';

export interface OutgoingMessage {
  /** plain/markdown text: the notification and fallback text, and the whole message when there are no blocks */
  text: string;
  blocks?: Block[];
  /** asks for thumbs up/down under an answer where the chat has such buttons (Slack); a click is `FEEDBACK_ACTION` */
  feedback?: boolean;
  /** the language of the message, for the adapter's own words in it ("continued", a feedback button); default: the workspace's */
  lang?: Lang;
}

/** The action of a feedback click; its value is one of `FEEDBACK_VALUES`. */
export const FEEDBACK_ACTION = 'feedback';
export const FEEDBACK_VALUES = ['good', 'bad'] as const;

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
  /** what the value must read as (core/field-checks.ts); a chat that checks as the form is submitted keeps it open */
  check?: FieldCheck;
}

/**
 * A check of a field's value the chat can run as the form is submitted (Slack's modal stays open with `problem` on
 * the field, and nothing is handed on); the handler checks again, and re-asks where the chat did not check.
 */
export interface FieldCheck {
  /** `publication-number`: a patent number in a form people write (spaces, slashes, kind codes) */
  reads: 'publication-number';
  /** said on the field when the value cannot be read, in the user's language */
  problem: string;
}

export interface FormSpec {
  /** what the submission means to the handler, e.g. `edit-solution` */
  action: string;
  title: string;
  submitLabel: string;
  fields: FormField[];
  /** what submitting does ("moves the search on", "saves and shows the step again"), said before the first field */
  outcome?: string;
  /** why the form is asked again (what was typed could not be read), shown above the fields */
  problem?: string;
  /** opaque; comes back with the submission (step and version) */
  value: string;
  /** the language of the form, for the adapter's own words in it (Cancel); default: the workspace's */
  lang?: Lang;
}

export const markdown = (text: string): OutgoingMessage => ({ text, blocks: [{ type: 'markdown', text }] });

/*
 * Mentions. Only the bot's own mentions may notify anyone: model answers and other platform text can contain
 * `<@U0VICTIM>`, and a user's question can too. So `mention()` writes a marker that carries this process's random
 * key, which no text from outside can know, and adapters turn only those markers into live mentions
 * (`mapMentions`); every other mention-like text is shown as plain text.
 */
const MENTION_OPEN = '\uE0A0';
const MENTION_CLOSE = '\uE0A1';
const MENTION_KEY = randomBytes(8).toString('hex');
const OWN_MENTION = new RegExp(`${MENTION_OPEN}${MENTION_KEY}:([^${MENTION_OPEN}${MENTION_CLOSE}]{1,100})${MENTION_CLOSE}`);
const STRAY_MARKS = new RegExp(`[${MENTION_OPEN}${MENTION_CLOSE}]`, 'g');

/** A user mention written by the bot; adapters render it as a live mention (Slack `<@U1>`, a Teams `<at>`). */
export const mention = (userId: string): string => `${MENTION_OPEN}${MENTION_KEY}:${userId}${MENTION_CLOSE}`;

/**
 * Renders text with the bot's own mentions through `live(userId)` and every other run through `plain` (where the
 * adapter escapes mention syntax); forged or cut markers are dropped from the plain runs.
 */
export function mapMentions(text: string, plain: (run: string) => string, live: (userId: string) => string): string {
  const parts = text.split(OWN_MENTION);
  return parts.map((part, i) => (i % 2 === 1 ? live(part) : plain(part.replace(STRAY_MARKS, '')))).join('');
}

/** Escapes text a user typed so it is shown as typed inside markdown (no injected formatting or links). */
export const quoteUserText = (text: string): string => text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').replace(/([\\`*_~[\]<>|#])/g, '\\$1');
