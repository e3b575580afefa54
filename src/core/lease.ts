/**
 * The lease: the one durability primitive of a thread's work that must happen once across replicas (a workflow's
 * send and wait, a chat's answer). It is taken without waiting (held elsewhere: the caller leaves the work alone),
 * extended while its holder works, and freed by its TTL (WAIT_LEASE_MS) when the holder dies, so the rescan of
 * recorded waits (waits.ts) hands the work to another replica. It carries a fencing token: the work runs with a
 * context whose side effects for the thread (platform calls, chat posts, edits and uploads, record writes) check
 * first that the lease is still this holder's, so a replica that lost it (a stall longer than the lease) cannot
 * act for the thread any more; its background work also sees the loss as the end of its lifetime and stops quietly.
 */
import type { BotSettings, HandlerContext } from './handler.js';
import { checkedFirst, delegating, Fence, fencedRecords, fencedState } from './fence.js';
import type { RelayRequest } from './relay/index.js';
import type { Messenger } from './messenger.js';
import { LockTimeoutError } from './state.js';

/** How long a dead holder's wait stays unclaimed (WAIT_LEASE_MS); the rescan runs twice per lease. */
export const DEFAULT_WAIT_LEASE_MS = 15_000;
/** Redis locks are extended every third of their TTL: below this the extensions could not keep up. */
const MIN_LEASE_MS = 300;

export const leaseMsOf = (settings: BotSettings): number => Math.max(MIN_LEASE_MS, settings.waitLeaseMs ?? DEFAULT_WAIT_LEASE_MS);

/** The chat calls that act in a thread (reads, such as a permalink or a user's locale, stay free). */
const CHAT_WRITES: ReadonlySet<string> = new Set([
  'post',
  'edit',
  'notify',
  'setStatus',
  'setTitle',
  'startPlan',
  'openForm',
  'uploadFile',
  'uploadImage',
]);

/**
 * What a fenced context was made of, kept on it under a symbol so that a context derived from it (`{ ...leased,
 * settings }`, as `speaking` makes) still carries it: a lease taken inside another's work is fenced by its own
 * only (each side effect asks one lease, one round trip), and `leaseLost` finds the lease from a derived context.
 */
const FENCED = Symbol('fenced');
type Fenceable = Pick<HandlerContext, 'state' | 'platform' | 'messenger'>;
interface FencedParts {
  fence: Fence;
  wrapped: Fenceable;
  originals: Fenceable;
}
type MaybeFenced = HandlerContext & { [FENCED]?: FencedParts };

/** `ctx` with the side effects its lease fenced given back unfenced (what a derived context replaced stays). */
function withoutFence(ctx: HandlerContext): HandlerContext {
  const parts = (ctx as MaybeFenced)[FENCED];
  if (!parts) return ctx;
  const { wrapped, originals } = parts;
  const { [FENCED]: _parts, ...rest } = ctx as MaybeFenced;
  return {
    ...rest,
    state: ctx.state === wrapped.state ? originals.state : ctx.state,
    platform: ctx.platform === wrapped.platform ? originals.platform : ctx.platform,
    messenger: ctx.messenger === wrapped.messenger ? originals.messenger : (unfenced.get(ctx.messenger) ?? ctx.messenger),
  };
}

/**
 * Runs `fn` holding the lease `key` with a context fenced by it; false (and `fn` not run) when another holder has
 * it. When the lease is lost meanwhile, what `fn` was doing stops at its next side effect and this resolves true.
 */
export async function withLease(ctx: HandlerContext, key: string, fn: (leased: HandlerContext) => Promise<void>): Promise<boolean> {
  const base = withoutFence(ctx);
  let acquired = false;
  try {
    await base.state.withLock(
      key,
      async (hold) => {
        acquired = true;
        const fence = new Fence(hold);
        try {
          await fn(fencedContext(base, fence));
        } catch (error) {
          if (!fence.lost) throw error;
          base.logger.warn({ lease: key, err: error }, 'lease: lost to another replica; its work stops here');
        } finally {
          fence.end();
        }
      },
      { ttlMs: leaseMsOf(base.settings), waitMs: 0 },
    );
    return true;
  } catch (error) {
    if (!acquired && error instanceof LockTimeoutError && error.key === key) return false;
    throw error;
  }
}

/** The signal of the lease `ctx` works under, aborted once it is lost; undefined outside a lease. */
export const leaseLost = (ctx: HandlerContext): AbortSignal | undefined => (ctx as MaybeFenced)[FENCED]?.fence.hold.lost;

/** A relay's request whose every chat call, not only its first, first asks the fence (and any guard it had). */
function fencedRelay(request: RelayRequest, fence: Fence): RelayRequest {
  const { guard } = request;
  const fenced = async () => {
    await fence.check();
    await guard?.();
  };
  return { ...request, guard: fenced };
}

/** Each fenced messenger's unfenced original: a messenger derived from a fenced one (`speaking`) is fenced too. */
const unfenced = new WeakMap<Messenger, Messenger>();

function fencedMessenger(messenger: Messenger, fence: Fence): Messenger {
  const fenced = delegating(messenger, (name, call) => {
    if (name === 'relay') return checkedFirst(fence, (request) => call(fencedRelay(request as RelayRequest, fence)));
    if (name === 'speaking' || name === 'forEvent' || name === 'during') return (...args) => fencedMessenger(call(...args) as Messenger, fence);
    return CHAT_WRITES.has(name) ? checkedFirst(fence, call) : undefined;
  });
  unfenced.set(fenced, messenger);
  return fenced;
}

function fencedContext(ctx: HandlerContext, fence: Fence): HandlerContext {
  const wrapped: Fenceable = {
    state: fencedState(ctx.state, fence),
    platform: delegating(ctx.platform, (name, call) => (name === 'call' || name === 'stream' ? checkedFirst(fence, call) : undefined)),
    messenger: fencedMessenger(ctx.messenger, fence),
  };
  const leased: MaybeFenced = {
    ...ctx,
    ...wrapped,
    records: fencedRecords(ctx.records, fence),
    lifetime: ctx.lifetime ? AbortSignal.any([ctx.lifetime, fence.hold.lost]) : fence.hold.lost,
    [FENCED]: { fence, wrapped, originals: { state: ctx.state, platform: ctx.platform, messenger: ctx.messenger } },
  };
  return leased;
}
