// Response serialisation from the zod response schemas, compiled once per route into fast-json-stringify.
// Like zod's own serialiser, only declared fields leave the server and a missing required field is an error;
// unlike it, no validated copy of every response is built first, which was a fifth of a catalogue request.
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Compiler = FastifySerializerCompiler<z.ZodType>;

export const responseSerializerCompiler: Compiler = (route) => {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(route.schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    });
  } catch {
    // A schema JSON Schema cannot express (a transform, a custom check) keeps zod's serialiser.
    return zodSerializerCompiler(route);
  }
  delete jsonSchema.$schema;
  return fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]);
};
