import { describe, expect, it } from 'vitest';
import { guestNameForVisit, isGuestName } from './guest-names.ts';
import { nameRules } from './name-blocklist.ts';
import { nicknameRefusalKey } from './nickname.ts';

/** A fixed sequence of draws in [0, 1). */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe('guest names', () => {
  it('is guest, a hyphen and four digits, from the draw alone', () => {
    const none = new Set<string>();
    expect(guestNameForVisit({ held: null, show: 'a', taken: none, random: draws(0) })).toBe('guest-1000');
    expect(guestNameForVisit({ held: null, show: 'a', taken: none, random: draws(0.5) })).toBe('guest-5500');
    expect(guestNameForVisit({ held: null, show: 'a', taken: none, random: draws(0.99999) })).toBe('guest-9999');
    for (let i = 0; i < 200; i++)
      expect(isGuestName(guestNameForVisit({ held: null, show: 'a', taken: none, random: Math.random }))).toBe(true);
  });

  it('keeps the name of the same show visit, and draws anew for another show', () => {
    const held = { name: 'guest-4821', show: 'anna' };
    const taken = new Set(['guest-4821']);
    expect(guestNameForVisit({ held, show: 'anna', taken, random: draws(0.1) })).toBe('guest-4821');
    expect(guestNameForVisit({ held, show: 'bea', taken: new Set(), random: draws(0.1) })).toBe('guest-1900');
    // A held value that is not a guest name (an older session) is not kept.
    const odd = { name: 'guest', show: 'anna' };
    expect(guestNameForVisit({ held: odd, show: 'anna', taken: new Set(), random: draws(0.1) })).toBe('guest-1900');
  });

  it('never hands out a name another guest of the show holds while one is free', () => {
    const taken = new Set(['guest-1900', 'guest-1901']);
    expect(guestNameForVisit({ held: null, show: 'a', taken, random: draws(0.1, 0.2) })).toBe('guest-2800');
    // Every draw collides: the next free number after the last one.
    expect(guestNameForVisit({ held: null, show: 'a', taken, random: draws(0.1) })).toBe('guest-1902');
    // Wrapping past 9999 to 1000.
    const top = new Set(['guest-9999']);
    expect(guestNameForVisit({ held: null, show: 'a', taken: top, random: draws(0.99999) })).toBe('guest-1000');
    // Every number taken: a name repeats rather than failing.
    const all = new Set(Array.from({ length: 9000 }, (_, i) => `guest-${1000 + i}`));
    expect(isGuestName(guestNameForVisit({ held: null, show: 'a', taken: all, random: draws(0.3) }))).toBe(true);
  });

  it('cannot be a member nickname, nor is a member nickname a guest name', () => {
    expect(nicknameRefusalKey('guest-4821', nameRules())).toBe('errors.validations.nickname.reserved');
    for (const v of ['guest', 'guest-48', 'guest-48210', 'Guest-4821', 'xguest-4821', 'Anna_91'])
      expect(isGuestName(v), v).toBe(false);
  });
});
