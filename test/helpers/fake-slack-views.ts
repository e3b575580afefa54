/**
 * Modals in the fake Slack Web API: views.open (a trigger_id's window and single exchange, fake-slack-triggers.ts)
 * and views.update as Slack takes them: a title of at most 24 characters, at most 100 blocks, private_metadata of at
 * most 3,000 characters, a plain_text_input whose max_length and initial_value stay within 3,000; each view gets an
 * id and a hash, and an update naming an older hash is refused (`hash_conflict`), one naming no known view `not_found`.
 */
import { asList, textOf } from './fake-slack-blocks.js';
import { FakeSlackTriggers } from './fake-slack-triggers.js';

type Json = Record<string, unknown>;
export type ViewAnswer = { ok: true; body: Json } | { ok: false; error: string };

/** Slack's limits on a plain-text input and on a view's private metadata. */
const INPUT_MAX = 3_000;
const METADATA_MAX = 3_000;

/** Why Slack would refuse the modal, or undefined. */
export function modalProblem(view: Json | undefined): string | undefined {
  if (!view || textOf(view.title).length > 24 || asList(view.blocks).length > 100) return 'invalid_arguments';
  if (String(view.private_metadata ?? '').length > METADATA_MAX) return 'invalid_arguments';
  for (const block of asList(view.blocks)) {
    const element = block.element as Json | undefined;
    if (element?.type !== 'plain_text_input') continue;
    const max = element.max_length;
    if (typeof max === 'number' && (max > INPUT_MAX || max < 1)) return 'invalid_arguments';
    if (String(element.initial_value ?? '').length > (typeof max === 'number' ? max : INPUT_MAX)) return 'invalid_arguments';
    if (block.dispatch_action === true && element.dispatch_action_config !== undefined) {
      const triggers = asList((element.dispatch_action_config as Json).trigger_actions_on as unknown);
      if (triggers.some((t) => !['on_enter_pressed', 'on_character_entered'].includes(String(t)))) return 'invalid_arguments';
    }
  }
  return undefined;
}

export class FakeSlackViews {
  /** every view opened, in order */
  readonly opened: { triggerId: string; view: Json }[] = [];
  /** the modals as they stand now, by view id */
  readonly byId = new Map<string, { view: Json; hash: string }>();
  private readonly triggers = new FakeSlackTriggers();
  private sequence = 0;

  private nextHash = (): string => `${Date.now()}.${++this.sequence}`;

  handle(method: string, args: Json, now = Date.now()): ViewAnswer | undefined {
    if (method === 'views.open') {
      const view = args.view as Json | undefined;
      const problem = modalProblem(view);
      if (problem) return { ok: false, error: problem };
      const refused = this.triggers.exchange(args.trigger_id, now);
      if (refused) return { ok: false, error: refused };
      this.opened.push({ triggerId: String(args.trigger_id), view: view as Json });
      const id = `V${this.opened.length}`;
      const hash = this.nextHash();
      this.byId.set(id, { view: view as Json, hash });
      return { ok: true, body: { view: { id, hash, ...view } } };
    }
    if (method === 'views.update') {
      const current = this.byId.get(String(args.view_id ?? ''));
      if (!current) return { ok: false, error: 'not_found' };
      if (args.hash !== undefined && args.hash !== current.hash) return { ok: false, error: 'hash_conflict' };
      const view = args.view as Json | undefined;
      const problem = modalProblem(view);
      if (problem) return { ok: false, error: problem };
      Object.assign(current, { view, hash: this.nextHash() });
      return { ok: true, body: { view: { id: args.view_id, hash: current.hash, ...view } } };
    }
    return undefined;
  }
}
