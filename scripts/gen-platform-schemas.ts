/**
 * Generates zod schemas for every operation of the published openapi.json, one file per operation family,
 * so that field names come from the contract and never from a guess.
 *
 *   npx tsx scripts/gen-platform-schemas.ts          writes src/platform/schemas/generated/
 *   npx tsx scripts/gen-platform-schemas.ts --check  generates in memory and compares with the files on disk:
 *                                                    exits 1 naming the stale, missing or extra files (npm run check:schemas)
 *
 * Objects are `z.looseObject` (unknown fields pass through). Optional response fields are `nullish`
 * because gateways send null for absent values; optional request fields are `optional`.
 * The text is passed through the project's pinned Biome formatter (biome.jsonc), so the files pass `biome check` as written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  $ref?: string;
  format?: string;
  description?: string;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
      }
    >
  >;
  components: { schemas: Record<string, JsonSchema> };
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outRel = 'src/platform/schemas/generated';
const outDir = join(root, outRel);
const doc = JSON.parse(readFileSync(join(root, 'src/platform/openapi.json'), 'utf8')) as OpenApi;
const schemas = doc.components.schemas;

const RENAMES: Record<string, string> = { RRF融合结果: 'RRFFusionResult', 专利信息项: 'PatentInfoItem', 专利对比项V2: 'PatentComparisonItemV2' };

export function identifier(schemaName: string): string {
  let name = schemaName;
  for (const [from, to] of Object.entries(RENAMES)) name = name.replace(from, to);
  return name.replace(/-/g, '_').replace(/[^A-Za-z0-9_]/g, '_');
}
const refName = (ref: string): string => ref.split('/').pop() ?? ref;
export const familyOf = (schemaName: string): string => (/^(AI\d+(?:-\d+)?|P\d+)/.exec(schemaName)?.[1] ?? 'misc').toLowerCase();

function refsOf(schema: JsonSchema, into = new Set<string>()): Set<string> {
  if (schema.$ref) into.add(refName(schema.$ref));
  for (const child of Object.values(schema.properties ?? {})) refsOf(child, into);
  if (schema.items) refsOf(schema.items, into);
  return into;
}
function reach(name: string, seen: Set<string>): void {
  if (seen.has(name)) return;
  seen.add(name);
  const schema = schemas[name];
  if (schema) for (const r of refsOf(schema)) reach(r, seen);
}

const requestOnly = new Set<string>();
const responseSide = new Set<string>();
for (const methods of Object.values(doc.paths)) {
  for (const op of Object.values(methods)) {
    for (const c of Object.values(op.requestBody?.content ?? {})) if (c.schema.$ref) reach(refName(c.schema.$ref), requestOnly);
    for (const r of Object.values(op.responses))
      for (const c of Object.values(r.content ?? {})) if (c.schema.$ref) reach(refName(c.schema.$ref), responseSide);
  }
}
for (const name of responseSide) requestOnly.delete(name);

function expr(schema: JsonSchema, family: string, imports: Set<string>): string {
  if (schema.$ref) {
    const target = refName(schema.$ref);
    // The published document refers to a `Map«string,object»` it never defines: a free-form object.
    if (!schemas[target]) return 'z.record(z.string(), z.unknown())';
    if (familyOf(target) !== family) imports.add(target);
    return identifier(target);
  }
  switch (schema.type) {
    case 'string':
      return 'z.string()';
    case 'integer':
    case 'number':
      return 'z.number()';
    case 'boolean':
      return 'z.boolean()';
    case 'array':
      return `z.array(${schema.items ? expr(schema.items, family, imports) : 'z.unknown()'})`;
    case 'object':
      return objectExpr(schema, family, imports, false);
    default:
      return 'z.unknown()';
  }
}
function objectExpr(schema: JsonSchema, family: string, imports: Set<string>, requestMode: boolean): string {
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(([key, child]) => {
    const base = expr(child, family, imports);
    const optional = required.has(key) ? '' : requestMode ? '.optional()' : '.nullish()';
    const doc = child.description
      ? `  /** ${child.description
          .replace(/\*\//g, '* /')
          .replace(/\s*\n\s*/g, ' ')
          .trim()} */\n`
      : '';
    return `${doc}  ${JSON.stringify(key)}: ${base}${optional},`;
  });
  return lines.length ? `z.looseObject({\n${lines.join('\n')}\n})` : 'z.looseObject({})';
}

/** Dependencies first, so every const is defined before it is used (the document has no cycles). */
function ordered(names: string[]): string[] {
  const out: string[] = [];
  const done = new Set<string>();
  const visit = (n: string): void => {
    if (done.has(n)) return;
    done.add(n);
    for (const r of refsOf(schemas[n] ?? {})) if (names.includes(r)) visit(r);
    out.push(n);
  };
  names.forEach(visit);
  return out;
}

export function generate(): Map<string, string> {
  const byFamily = new Map<string, string[]>();
  for (const name of Object.keys(schemas).sort()) {
    const fam = familyOf(name);
    byFamily.set(fam, [...(byFamily.get(fam) ?? []), name]);
  }
  const files = new Map<string, string>();
  for (const [family, names] of byFamily) {
    const imports = new Set<string>();
    const body = ordered(names).map((name) => {
      const schema = schemas[name] ?? {};
      const text = schema.type === 'object' ? objectExpr(schema, family, imports, requestOnly.has(name)) : expr(schema, family, imports);
      const id = identifier(name);
      return `export const ${id} = ${text};\nexport type ${id} = z.infer<typeof ${id}>;`;
    });
    const importLines = [...imports].sort().map((n) => `import { ${identifier(n)} } from './${familyOf(n)}.js';`);
    files.set(
      `${family}.ts`,
      [
        '// Generated by scripts/gen-platform-schemas.ts from src/platform/openapi.json. Do not edit.',
        "import { z } from 'zod';",
        ...importLines,
        '',
        body.join('\n\n'),
        '',
      ].join('\n'),
    );
  }
  files.set('operations.ts', operationsFile());
  return files;
}

/** The published operations: id, method, path and the request/envelope schemas, keyed by the short id (AI35-1). */
function operationsFile(): string {
  const imports: string[] = [];
  const entries: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const reqRef = Object.values(op.requestBody?.content ?? {})[0]?.schema.$ref;
      const resRef = op.responses['200']?.content?.['application/json']?.schema.$ref;
      if (!resRef) throw new Error(`no 200 response schema for ${op.operationId}`);
      const envelope = refName(resRef);
      const id = familyOf(envelope).toUpperCase();
      const request = reqRef ? identifier(refName(reqRef)) : undefined;
      for (const n of [envelope, ...(reqRef ? [refName(reqRef)] : [])]) imports.push(`import { ${identifier(n)} } from './${familyOf(n)}.js';`);
      const requestType = Object.keys(op.requestBody?.content ?? {})[0];
      entries.push(
        `  ${JSON.stringify(id)}: { id: ${JSON.stringify(id)}, operationId: ${JSON.stringify(op.operationId)}, method: ${JSON.stringify(method.toUpperCase())}, path: ${JSON.stringify(path)}, declaredRequestType: ${JSON.stringify(requestType ?? null)}, request: ${request ?? 'null'}, envelope: ${identifier(envelope)} },`,
      );
    }
  }
  entries.sort();
  return [
    '// Generated by scripts/gen-platform-schemas.ts from src/platform/openapi.json. Do not edit.',
    ...[...new Set(imports)].sort(),
    '',
    'export const PUBLISHED_OPERATIONS = {',
    ...entries,
    '} as const;',
    '',
  ].join('\n');
}

/**
 * Formats the generated files with the pinned Biome and the project's biome.jsonc, in one call: they are written under
 * the same relative path in a scratch folder whose biome.json extends the project's (so path overrides apply alike).
 */
export function formatted(files: Map<string, string>): Map<string, string> {
  const scratch = mkdtempSync(join(tmpdir(), 'gen-platform-schemas-'));
  try {
    mkdirSync(join(scratch, outRel), { recursive: true });
    const config = { root: true, extends: [join(root, 'biome.jsonc')], vcs: { enabled: false }, files: { includes: [`${outRel}/**`] } };
    writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
    for (const [f, text] of files) writeFileSync(join(scratch, outRel, f), text);
    const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
    const run = spawnSync(process.execPath, [biome, 'format', '--write', outRel], { cwd: scratch, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`biome format failed (${run.status ?? run.signal}):\n${run.stderr}${run.stdout}`);
    return new Map([...files.keys()].map((f) => [f, readFileSync(join(scratch, outRel, f), 'utf8')]));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The generated files that differ from the disk: stale or missing ones, and files on disk the generator no longer writes. */
export function staleFiles(files: Map<string, string>, dir = outDir): string[] {
  const onDisk = existsSync(dir) ? readdirSync(dir) : [];
  const stale = [...files].filter(([f, text]) => !onDisk.includes(f) || readFileSync(join(dir, f), 'utf8') !== text).map(([f]) => f);
  const extra = onDisk.filter((f) => !files.has(f));
  return [...stale, ...extra.map((f) => `${f} (no longer generated)`)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = formatted(generate());
  if (process.argv.includes('--check')) {
    const stale = staleFiles(files);
    if (stale.length) {
      process.stderr.write(`stale generated schemas in ${outRel}: ${stale.join(', ')}\nregenerate them: npx tsx scripts/gen-platform-schemas.ts\n`);
      process.exit(1);
    }
    process.stdout.write(`generated schemas are current (${files.size} files in ${outRel})\n`);
  } else {
    if (existsSync(outDir)) for (const f of readdirSync(outDir)) rmSync(join(outDir, f));
    mkdirSync(outDir, { recursive: true });
    for (const [f, text] of files) writeFileSync(join(outDir, f), text);
    process.stdout.write(`wrote ${files.size} files to ${outDir}\n`);
  }
}
