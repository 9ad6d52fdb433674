// The security suites' view of the API: every operation the OpenAPI document lists (read from the app itself,
// so a new route is covered the day it is added) and a valid-ish value for any of its schemas, so a request
// gets past validation into the handler when the test wants it to.
import type { FastifyInstance } from 'fastify';
import { madridDate } from '../management-fixture.ts';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  // The JSON body's schema, resolved; undefined when the operation documents no JSON body.
  body?: JsonSchema;
  // Uploads take multipart/form-data, parsed in the handler, so the document shows no body for them.
  multipart: boolean;
};

type OpenApiDoc = {
  components?: { schemas?: Record<string, JsonSchema> };
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDoc;
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema => {
    let s = schema;
    for (let i = 0; s.$ref && i < 10; i++) s = components[s.$ref.split('/').pop()!] ?? {};
    return s;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema ?? {}) }));
      const json = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: json ? resolveDeep(json, resolve) : undefined,
        multipart: /\bJPEG\b|multipart|"file"/i.test(op.summary ?? ''),
      });
    }
  }
  return operations;
}

function resolveDeep(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema, depth = 0): JsonSchema {
  const s = resolve(schema);
  if (depth > 8) return s;
  const next = (x: JsonSchema) => resolveDeep(x, resolve, depth + 1);
  return {
    ...s,
    ...(s.items ? { items: next(s.items) } : {}),
    ...(s.properties
      ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, next(v)])) }
      : {}),
    ...(s.anyOf ? { anyOf: s.anyOf.map(next) } : {}),
    ...(s.oneOf ? { oneOf: s.oneOf.map(next) } : {}),
    ...(s.allOf ? { allOf: s.allOf.map(next) } : {}),
  };
}

// Fills the concrete path of an operation: {name} replaced by what `value` gives for it.
export function fillPath(op: Operation, value: (param: Parameter) => string): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.pathParams.find((p) => p.name === name) ?? { name, in: 'path' as const, schema: {} };
    return value(param);
  });
}

let serial = 0;
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

function fitLength(text: string, s: JsonSchema): string {
  let out = text;
  while (out.length < (s.minLength ?? 0)) out += 'x';
  return s.maxLength !== undefined ? out.slice(0, s.maxLength) : out;
}

function sampleString(s: JsonSchema, name: string): string {
  const p = s.pattern ?? '';
  if (s.format === 'date-time' || p.includes('T(?:')) return inDays(5);
  if (s.format === 'date' || p.includes('-02-29') || p === '^\\d{4}-\\d{2}-\\d{2}$') return madridDate(10);
  if (s.format === 'uri') return 'https://example.com/fuzz';
  if (s.format === 'email' || /email/i.test(name)) return `fuzz${serial++}@example.com`;
  if (p.startsWith('^([01]\\d|2[0-3])')) return '23:30';
  if (p === '^[A-Z0-9]{9}$') return 'B12345678';
  if (p === '^\\d{1,5}x\\d{1,5}$') return '1280x800';
  if (p.startsWith('^[a-z0-9]+(?:-')) return fitLength(`fuzz-${process.pid}-${serial++}`, s);
  if (p === '^[a-zA-Z0-9._]+$') return fitLength(`fuzz_${process.pid}_${serial++}`, s);
  if (p === '^[A-Za-z0-9_-]+$' || p === '^[\\w-]+$') return fitLength(`FUZZ${serial++}`, s);
  return fitLength('Texto de prueba', s);
}

function firstType(s: JsonSchema): string | undefined {
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return types.find((t) => t !== 'null');
}

// What `pick` answers for a property the valid-ish body must leave out (one of two exclusive fields).
export const OMIT = Symbol('omit');

// A valid-ish value for a schema. `pick` may answer for a property by its name (ids of the fixture's rows).
export function sample(
  schema: JsonSchema,
  name = '',
  pick: (name: string, schema: JsonSchema) => unknown = () => undefined,
): unknown {
  const picked = pick(name, schema);
  if (picked !== undefined) return picked;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const first = alternatives.find((a) => firstType(a) !== undefined || a.enum || a.properties) ?? {};
    return sample(first, name, pick);
  }
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf) as JsonSchema, name, pick);
  switch (firstType(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      return schema.maximum !== undefined ? Math.min(low, schema.maximum) : low;
    }
    case 'boolean':
      return false;
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1);
      const limited = schema.maxItems !== undefined ? Math.min(count, schema.maxItems) : count;
      return Array.from({ length: limited }, () => sample(schema.items ?? {}, name, pick));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .map(([key, value]) => [key, sample(value, key, pick)])
          .filter(([, value]) => value !== OMIT),
      );
    default:
      return 'x';
  }
}

// The kind a schema expects, for choosing values of the wrong kind.
export function kindOf(schema: JsonSchema): string {
  if (schema.enum) return 'enum';
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return kindOf(alternatives.find((a) => firstType(a)) ?? alternatives[0]!);
  return firstType(schema) ?? (schema.properties ? 'object' : 'unknown');
}
