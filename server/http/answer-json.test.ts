import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonOnce } from './answer-json.ts';

describe('answers encoded once', () => {
  it('encodes an answer once per object it is made from', () => {
    const json = jsonOnce(z.object({ id: z.number() }));
    const a = { id: 1 };
    let built = 0;
    const build = () => {
      built += 1;
      return { id: a.id, hidden: 'x' } as { id: number };
    };
    expect(json(a, build)).toBe('{"id":1}');
    expect(json(a, build)).toBe('{"id":1}');
    expect(built).toBe(1);
    expect(json({ id: 2 }, () => ({ id: 2 }))).toBe('{"id":2}');
    expect(() => json({}, () => ({ id: 'x' }) as unknown as { id: number })).toThrow();
    // What else the answer depends on is its variant: another one rebuilds.
    expect(json(a, () => ({ id: 3 }), 'other host')).toBe('{"id":3}');
    expect(json(a, build, 'other host')).toBe('{"id":3}');
    expect(built).toBe(1);
  });
});
