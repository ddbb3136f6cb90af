import { describe, expect, it } from 'vitest';
import { editDistance, suggestEmail } from './mailcheck.ts';

describe('mail address suggestions', () => {
  it.each([
    ['anna@gmial.com', 'anna@gmail.com'],
    ['anna@gmail.co', 'anna@gmail.com'],
    ['Jens@gmx.ed', 'Jens@gmx.de'],
    ['x@hotmial.com', 'x@hotmail.com'],
    ['x@web.dee', 'x@web.de'],
    ['x@t-onlin.de', 'x@t-online.de'],
  ])('%s -> %s', (input, expected) => {
    expect(suggestEmail(input)).toBe(expected);
  });

  it.each(['anna@gmail.com', 'anna@my-company.org', 'no-at-sign', '@gmail.com', 'a@'])(
    'no suggestion for %s',
    (input) => {
      expect(suggestEmail(input)).toBeNull();
    },
  );

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
