import { serializerCompiler as providerSerializer, ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userResponse } from '#common/api/auth.ts';
import { sessionInfo } from '#common/api/session.ts';
import { parsesAsEncodes, serializerCompiler } from './serialization.ts';

const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const provider = (schema: z.ZodType) => providerSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const isoDate = z.codec(z.iso.datetime(), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});

describe('response serialisation', () => {
  it('parses the schemas that transform nothing, and encodes the others', () => {
    expect(parsesAsEncodes(userResponse)).toBe(true);
    expect(parsesAsEncodes(sessionInfo)).toBe(true);
    expect(parsesAsEncodes(z.object({ a: z.union([z.literal('x'), z.array(z.number().int())]).nullable() }))).toBe(
      true,
    );
    for (const schema of [
      z.object({ at: isoDate }),
      z.object({ n: z.number().default(1) }),
      z.object({ s: z.string().trim() }),
      z.object({ n: z.coerce.number() }),
      z.object({ s: z.string().transform((s) => s.length) }),
      z.array(z.object({ deep: z.object({ s: z.string().catch('x') }) })),
      z.object({ r: z.object({ a: z.string() }).readonly() }),
    ]) {
      expect(parsesAsEncodes(schema)).toBe(false);
    }
    type Tree = { children: Tree[] };
    const tree: z.ZodType<Tree> = z.object({ children: z.array(z.lazy(() => tree)) });
    expect(parsesAsEncodes(tree)).toBe(false);
  });

  it('writes what the provider’s serializer writes, unknown fields dropped', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.object({ a: z.number(), b: z.string().nullable() }), { a: 1, b: null, secret: 'x' }],
      [z.object({ list: z.array(z.object({ id: z.number() })) }), { list: [{ id: 1, hash: 'h' }] }],
      [z.object({ at: isoDate, n: z.number().optional() }), { at: new Date(0), extra: true }],
      [sessionInfo.pick({ webid: true, welcome_dialog: true }), { webid: 3, welcome_dialog: null, x: 1 }],
    ];
    for (const [schema, data] of cases) {
      expect(compile(schema)(data)).toBe(provider(schema)(data));
    }
    expect(compile(z.object({ a: z.number() }))({ a: 1, password: 'p' })).toBe('{"a":1}');
  });

  it('refuses an answer that does not fit its schema, as the provider does', () => {
    expect(() => compile(z.object({ a: z.number() }))({ a: '1' })).toThrow(ResponseSerializationError);
    expect(() => compile(z.object({ at: isoDate }))({ at: 'not a date' })).toThrow(ResponseSerializationError);
  });
});
