import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { checkedJson } from './serialization.ts';

/**
 * JSON of answers read on every page, without checking the same object against its schema again
 * on each request. `jsonOnce(schema)` checks and encodes what `build` returns for an object that
 * does not change while it lives (the session cache's user: replaced when read again, never
 * edited), once per object, exactly as the route's serializer would: a field the schema does not
 * name is dropped, a value of the wrong type throws (500). The route keeps its response schema
 * for the API document.
 */
export function jsonOnce<S extends z.ZodType>(
  schema: S,
): (from: object, build: () => z.output<S>, variant?: string) => string {
  // An answer that also depends on something of the request names it as `variant`: a new one rebuilds.
  const memo = new WeakMap<object, { variant: string; json: string }>();
  return (from, build, variant = '') => {
    let done = memo.get(from);
    if (done?.variant !== variant) {
      done = { variant, json: jsonOf(schema, build()) };
      memo.set(from, done);
    }
    return done.json;
  };
}

/** The JSON of a value checked by its schema, as the route serializer writes it (serialization.ts). */
export const jsonOf = <S extends z.ZodType>(schema: S, value: z.output<S>): string => checkedJson(schema, value);

/** Sends JSON made by jsonOnce / jsonOf: Fastify passes a JSON string (or its bytes) with this type as it is. */
export const sendJson = (reply: FastifyReply, json: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);
