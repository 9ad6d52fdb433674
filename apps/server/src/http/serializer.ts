// Response serialisation from the zod response schemas, compiled into fast-json-stringify.
// Like zod's own serialiser, only declared fields leave the server and a missing required field is an error;
// unlike it, no validated copy of every response is built first, which was a fifth of a catalogue request.
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Compiler = FastifySerializerCompiler<z.ZodType>;
type Serializer = ReturnType<Compiler>;

// A compiled serialiser is a pure function of its schema, so each zod schema is compiled once per process, however
// many routes or apps use it. A server builds one app, but a test worker builds one per test file and engine, and
// compiling every route's serialiser again was about 15 % of the server tests' CPU. `null`: JSON Schema cannot
// express it.
const compiled = new WeakMap<z.ZodType, Serializer | null>();

function compiledFor(schema: z.ZodType): Serializer | null {
  if (compiled.has(schema)) return compiled.get(schema) ?? null;
  let jsonSchema: Record<string, unknown> | null = null;
  try {
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    delete jsonSchema.$schema;
  } catch {
    jsonSchema = null;
  }
  const serializer = jsonSchema && fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]);
  compiled.set(schema, serializer);
  return serializer;
}

// A schema JSON Schema cannot express (a transform, a custom check) keeps zod's serialiser, which names the route
// when a response does not fit.
export const responseSerializerCompiler: Compiler = (route) =>
  compiledFor(route.schema) ?? zodSerializerCompiler(route);
