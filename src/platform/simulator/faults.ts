/** Injected faults, matched by operation and used up after `times` matches. */
import type { OperationId } from '../operations.js';
import type { Fault } from './types.js';

type Kind = Fault['kind'];
export type FaultOf<K extends Kind> = Extract<Fault, { kind: K }>;

interface Armed {
  fault: Fault;
  remaining: number;
}

/** The stream faults one stream request picked up. */
export interface StreamFaults {
  cutAfter?: number;
  malformedAfter?: number;
  errorAfter?: { afterEvents: number; errorCode: number; message?: string };
  stall?: FaultOf<'stream-stall'>;
  hugeEvent?: FaultOf<'huge-event'>;
  runaway?: FaultOf<'runaway-stream'>;
}

export class FaultBook {
  private armed: Armed[] = [];

  inject(fault: Fault): void {
    this.armed.push({ fault: { ...fault }, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.armed = [];
  }

  /** The first armed fault of this kind for the operation; counts one use. */
  take<K extends Kind>(kind: K, operation: OperationId | 'unknown'): FaultOf<K> | undefined {
    const entry = this.armed.find(
      (a) => a.fault.kind === kind && a.remaining > 0 && (a.fault.operation === undefined || a.fault.operation === operation),
    );
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.armed = this.armed.filter((a) => a !== entry);
    return entry.fault as FaultOf<K>;
  }

  takeStreamFaults(operation: OperationId): StreamFaults {
    const cut = this.take('stream-cut', operation);
    const malformed = this.take('malformed-event', operation);
    const error = this.take('stream-error-envelope', operation);
    return {
      cutAfter: cut?.afterEvents,
      malformedAfter: malformed?.afterEvents,
      errorAfter: error ? { afterEvents: error.afterEvents, errorCode: error.errorCode, message: error.message } : undefined,
      stall: this.take('stream-stall', operation),
      hugeEvent: this.take('huge-event', operation),
      runaway: this.take('runaway-stream', operation),
    };
  }
}
