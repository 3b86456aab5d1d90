import fastJson from "fast-json-stringify";

import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

type SerializerCompiler = Parameters<import("fastify").FastifyInstance["setSerializerCompiler"]>[0];

/**
 * Responses are written by fast-json-stringify compiled from each route's zod response schema (Fastify's own
 * way, several times faster than validating with zod and JSON.stringify on hot, polled routes). It writes
 * only the properties the schema declares, so the contract stays an allow-list of what leaves the server.
 * A schema JSON Schema cannot express falls back to the zod serializer.
 */
/**
 * Serializing needs no names or descriptions, and the names the API document gives shared schemas would turn
 * them into references: the serializer reads no metadata at all.
 */
const NO_METADATA = z.registry<Record<string, unknown>>();

export const responseSerializerCompiler: SerializerCompiler = (route) => {
  try {
    const jsonSchema = z.toJSONSchema(route.schema as ZodType, {
      target: "draft-7",
      io: "output",
      metadata: NO_METADATA,
    });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
};
