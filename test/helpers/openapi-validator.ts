/**
 * Validates bodies against the published openapi.json (JSON Schema 2020-12 dialect, as OpenAPI 3.1 uses).
 * `example` values are annotations, not part of validation.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OPERATIONS, type OperationId } from '../../src/platform/operations.js';

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        requestBody?: { content: Record<string, { schema: { $ref: string } }> };
        responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
      }
    >
  >;
  components: { schemas: Record<string, unknown> };
}

const doc = JSON.parse(readFileSync(new URL('../../src/platform/openapi.json', import.meta.url), 'utf8')) as OpenApiDoc;

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addKeyword({ keyword: 'example' });
// the published document refers to this map type without defining it
const schemas: Record<string, unknown> = {
  ...doc.components.schemas,
  'AI73-6FindSolutionCitationReferenceList_Map«string,object»': { type: 'object' },
};
ajv.addSchema({ $id: 'openapi', components: { schemas } });

function opFor(id: OperationId) {
  const spec = OPERATIONS[id];
  const op = doc.paths[spec.path]?.[spec.method.toLowerCase()];
  if (!op) throw new Error(`${id} is not in openapi.json`);
  return op;
}

const compiled = new Map<string, ValidateFunction>();
function check(ref: string, value: unknown): string[] {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi${ref}` });
    compiled.set(ref, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** Errors of a request body against the operation's published request schema ([] when valid). */
export function requestErrors(id: OperationId, body: unknown): string[] {
  const ref = Object.values(opFor(id).requestBody?.content ?? {})[0]?.schema.$ref;
  if (!ref) throw new Error(`${id} has no published request body`);
  return check(ref, body);
}

/** Errors of a JSON response (the whole envelope) against the operation's published 200 schema. */
export function responseErrors(id: OperationId, envelope: unknown): string[] {
  const ref = opFor(id).responses['200']?.content?.['application/json']?.schema.$ref;
  if (!ref) throw new Error(`${id} has no published response schema`);
  return check(ref, envelope);
}

/** True for the 40 operations described by openapi.json; the other 5 are checked against the project's own zod schemas. */
export const isPublished = (id: OperationId): boolean => OPERATIONS[id].published;
