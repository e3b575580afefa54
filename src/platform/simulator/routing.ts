/** Finds the operation for a method and path (paths can be overridden like the client's `IIP_PATHS`). */
import { OPERATION_IDS, OPERATIONS, resolvePath, type OperationId } from '../operations.js';

export type Resolution = { found: true; operation: OperationId } | { found: false; status: 404 } | { found: false; status: 405; allow: string };

export class Router {
  private readonly byPath = new Map<string, Map<string, OperationId>>();

  constructor(overrides: Partial<Record<string, string>> = {}) {
    for (const id of OPERATION_IDS) {
      const path = resolvePath(id, overrides);
      const methods = this.byPath.get(path) ?? new Map<string, OperationId>();
      methods.set(OPERATIONS[id].method, id);
      this.byPath.set(path, methods);
    }
  }

  resolve(method: string, path: string): Resolution {
    const methods = this.byPath.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
    if (!methods) return { found: false, status: 404 };
    const operation = methods.get(method.toUpperCase());
    if (!operation) return { found: false, status: 405, allow: [...methods.keys()].join(', ') };
    return { found: true, operation };
  }
}
