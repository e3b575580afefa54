/** Every operation's route, and the context each one gets. */
import type { OperationId } from '../../operations.js';
import { ErrorCode, failure, jsonReply, success, type Reply } from '../envelope.js';
import type { FaultBook } from '../faults.js';
import type { SimState } from '../state.js';
import { chatRoutes } from './chat.js';
import { designRoutes } from './design.js';
import { disclosureRoutes } from './disclosure.js';
import { materialRoutes } from './material.js';
import { legacyNoveltyRoutes } from './novelty-legacy.js';
import { noveltySearchRoutes } from './novelty-search.js';
import { noveltyRoutes } from './novelty.js';
import { patentRoutes } from './patent.js';
import { reportRoutes } from './report.js';
import { solutionRoutes } from './solution.js';
import type { Ctx, Route, Routes } from './types.js';
import type { BodyOf } from '../records.js';

export const ROUTES: Routes<OperationId> = {
  ...chatRoutes,
  ...disclosureRoutes,
  ...solutionRoutes,
  ...reportRoutes,
  ...noveltyRoutes,
  ...noveltySearchRoutes,
  ...legacyNoveltyRoutes,
  ...designRoutes,
  ...materialRoutes,
  ...patentRoutes,
};

/** The answer's data without the fields an injected `drop-fields` fault names (a copy; the state is untouched). */
function withoutFields(data: unknown, paths: readonly string[]): unknown {
  if (paths.length === 0) return data;
  const copy = JSON.parse(JSON.stringify(data)) as unknown;
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let node: unknown = copy;
    for (const key of keys) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    if (typeof node === 'object' && node !== null) delete (node as Record<string, unknown>)[last];
  }
  return copy;
}

function contextFor<K extends OperationId>(operation: K, body: BodyOf<K>, state: SimState, faults: FaultBook): Ctx<K> {
  return {
    operation,
    body,
    state,
    taskFails: () => faults.take('task-fails', operation) !== undefined,
    ok: (data) => jsonReply(success(withoutFields(data, faults.take('drop-fields', operation)?.paths ?? []))),
    invalid: (message) => jsonReply(failure(ErrorCode.invalidParameter, message)),
    stream: (events, terminator) => ({
      type: 'stream',
      events: [...events.map((data) => ({ envelope: success(data) })), ...(terminator ? [{ raw: terminator }] : [])],
    }),
  };
}

/** Runs the operation's route on an already validated body. */
export function dispatch<K extends OperationId>(operation: K, body: BodyOf<K>, state: SimState, faults: FaultBook): Reply {
  const route = ROUTES[operation] as Route<K>;
  return route(contextFor(operation, body, state, faults));
}
