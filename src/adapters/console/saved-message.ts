/**
 * The shape of a message kept in the session file (a thread's latest message with choices, shown again after a
 * restart): checked block by block when read back, so a damaged entry is dropped instead of drawn.
 */
import { z } from 'zod';
import type { OutgoingMessage } from '../../core/message.js';

const CHOICE = z.object({ value: z.string(), label: z.string(), description: z.string().optional() });
const CONFIRM = z.object({ title: z.string(), text: z.string(), confirm: z.string(), deny: z.string() });
const BUTTON = z.object({
  action: z.string(),
  label: z.string(),
  value: z.string(),
  style: z.enum(['primary', 'danger']).optional(),
  confirm: CONFIRM.optional(),
});
const REFERENCE = z.object({ title: z.string(), url: z.string().optional(), detail: z.string().optional() });

const BLOCK = z.discriminatedUnion('type', [
  z.object({ type: z.literal('markdown'), text: z.string() }),
  z.object({ type: z.literal('fields'), fields: z.array(z.object({ label: z.string(), value: z.string() })) }),
  z.object({ type: z.literal('references'), title: z.string().optional(), items: z.array(REFERENCE) }),
  z.object({ type: z.literal('context'), text: z.string() }),
  z.object({ type: z.literal('divider') }),
  z.object({ type: z.literal('actions'), buttons: z.array(BUTTON) }),
  z.object({ type: z.literal('multiSelect'), id: z.string(), label: z.string(), options: z.array(CHOICE), selected: z.array(z.string()).optional() }),
  z.object({ type: z.literal('select'), id: z.string(), action: z.string(), label: z.string(), options: z.array(CHOICE), value: z.string() }),
  z.object({ type: z.literal('image'), url: z.string(), alt: z.string() }),
]);

export const SAVED_MESSAGE: z.ZodType<OutgoingMessage> = z.object({ text: z.string(), blocks: z.array(BLOCK).optional() });

export const SAVED_LATEST = z.object({ number: z.number().int().positive(), message: SAVED_MESSAGE });
