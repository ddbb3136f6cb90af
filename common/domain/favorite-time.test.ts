import { describe, expect, it } from 'vitest';
import {
  cachedFormatCount,
  canonicalTimeZone,
  FORMAT_CACHE_LIMIT,
  formatOffset,
  inWindow,
  isoTimeOf,
  isTimeZone,
  localTimeIn,
  parseIsoTime,
  wallClock,
  zoneOffset,
} from './favorite-time.ts';

const BERLIN = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);
const berlin = (start: string, end: string) => ({ start, end, zone: BERLIN });

describe('ISO times of the favorite window', () => {
  it('reads the time and the date-time forms, with or without an offset', () => {
    expect(parseIsoTime('20:15:00+01:00')).toEqual({ date: null, hour: 20, minute: 15, second: 0, offset: 60 });
    expect(parseIsoTime('2026-11-24T20:15:00+01:00')).toEqual({
      date: '2026-11-24',
      hour: 20,
      minute: 15,
      second: 0,
      offset: 60,
    });
    expect(parseIsoTime('2026-11-24T19:15:00.000Z')).toMatchObject({ hour: 19, offset: 0 });
    expect(parseIsoTime('07:45:30-03:30')).toMatchObject({ hour: 7, minute: 45, second: 30, offset: -210 });
    // The form older clients sent: a local time without an offset.
    expect(parseIsoTime('20:15')).toEqual({ date: null, hour: 20, minute: 15, second: 0, offset: null });
  });

  it('refuses what is no ISO time', () => {
    for (const bad of ['24:00', '7:00', '20:15+1', '2026-02-30T10:00:00Z', '20:15:00+24:00', 'noon', '', '20:15 ']) {
      expect(parseIsoTime(bad), bad).toBeNull();
    }
  });

  it('knows IANA zones and fixed offsets, and nothing else', () => {
    expect(isTimeZone(BERLIN)).toBe(true);
    expect(isTimeZone('+05:45')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+1')).toBe(false);
    expect(formatOffset(60)).toBe('+01:00');
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(0)).toBe('+00:00');
  });

  it("spells a zone one way: the runtime's name of an IANA zone in any case, a fixed offset as written", () => {
    expect(canonicalTimeZone('EUROPE/berlin')).toBe(BERLIN);
    expect(canonicalTimeZone('europe/BERLIN')).toBe(BERLIN);
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('+05:30')).toBe('+05:30');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone(`Europe/${'b'.repeat(60)}`)).toBeNull();
  });

  it('caches a bounded number of zone formats, and none for a zone only checked', () => {
    const before = cachedFormatCount();
    expect(isTimeZone('EUROPE/bERLIN')).toBe(true);
    expect(canonicalTimeZone('aMERICA/nEW_yORK')).toBe('America/New_York');
    expect(cachedFormatCount()).toBe(before);
    // Many spellings that Intl takes (every zone, in three letter cases) fill it only up to the bound.
    const spellings = Intl.supportedValuesOf('timeZone').flatMap((z) => [z, z.toUpperCase(), z.toLowerCase()]);
    expect(spellings.length).toBeGreaterThan(FORMAT_CACHE_LIMIT * 2);
    for (const zone of spellings) wallClock(zone, at('2026-01-15T12:00:00Z'));
    expect(cachedFormatCount()).toBe(FORMAT_CACHE_LIMIT);
    // A zone evicted long ago still reads right (its format is made again).
    expect(zoneOffset(BERLIN, at('2026-07-15T12:00:00Z'))).toBe(120);
    expect(zoneOffset('EUROPE/BERLIN', at('2026-01-15T12:00:00Z'))).toBe(60);
    expect(cachedFormatCount()).toBe(FORMAT_CACHE_LIMIT);
  });

  it("reads Berlin's offset in winter and in summer", () => {
    expect(zoneOffset(BERLIN, at('2026-01-15T12:00:00Z'))).toBe(60);
    expect(zoneOffset(BERLIN, at('2026-07-15T12:00:00Z'))).toBe(120);
    expect(zoneOffset('-03:30', at('2026-07-15T12:00:00Z'))).toBe(-210);
    expect(wallClock(BERLIN, at('2026-11-24T23:30:00Z'))).toEqual({ date: '2026-11-25', minutes: 30 });
  });

  it('keeps the wall time in her zone: the offset she wrote, or the instant read on her clock', () => {
    const winter = at('2026-11-24T12:00:00Z');
    const local = (v: string, zone = BERLIN) => localTimeIn(parseIsoTime(v) as never, zone, winter).hhmm;
    expect(local('20:15:00+01:00')).toBe('20:15');
    expect(local('20:15')).toBe('20:15');
    expect(local('19:15:00Z')).toBe('20:15');
    // A date-time in summer with the summer offset is the same wall time.
    expect(local('2026-07-01T20:15:00+02:00')).toBe('20:15');
    expect(local('20:15:00+01:00', '+01:00')).toBe('20:15');
  });

  it('answers the stored time with the offset of her zone now', () => {
    expect(isoTimeOf('20:15', BERLIN, at('2026-11-24T12:00:00Z'))).toBe('20:15:00+01:00');
    expect(isoTimeOf('20:15', BERLIN, at('2026-06-24T12:00:00Z'))).toBe('20:15:00+02:00');
  });
});

describe('whether now lies in the window', () => {
  it('inside and outside a span on her clock; the end itself is outside', () => {
    const w = berlin('20:00', '23:00');
    expect(inWindow(w, at('2026-11-24T19:00:00Z'))).toBe(true); // 20:00 in Berlin
    expect(inWindow(w, at('2026-11-24T21:59:00Z'))).toBe(true); // 22:59
    expect(inWindow(w, at('2026-11-24T22:00:00Z'))).toBe(false); // 23:00
    expect(inWindow(w, at('2026-11-24T18:59:00Z'))).toBe(false); // 19:59
  });

  it('daily (midnight to midnight) is all day', () => {
    for (const t of ['2026-11-24T00:00:00Z', '2026-11-24T12:34:00Z', '2026-11-24T22:59:59Z', '2026-03-29T01:30:00Z']) {
      expect(inWindow(berlin('00:00', '00:00'), at(t)), t).toBe(true);
    }
  });

  it('a span across midnight (22:00-02:00) covers late evening and early morning only', () => {
    const w = berlin('22:00', '02:00');
    expect(inWindow(w, at('2026-11-24T21:30:00Z'))).toBe(true); // 22:30
    expect(inWindow(w, at('2026-11-24T23:59:00Z'))).toBe(true); // 00:59
    expect(inWindow(w, at('2026-11-25T00:45:00Z'))).toBe(true); // 01:45
    expect(inWindow(w, at('2026-11-25T01:00:00Z'))).toBe(false); // 02:00
    expect(inWindow(w, at('2026-11-24T11:00:00Z'))).toBe(false); // 12:00
    expect(inWindow(w, at('2026-11-24T20:59:00Z'))).toBe(false); // 21:59
  });

  it('follows her clock across the change to summer time in Berlin (29 March 2026)', () => {
    const w = berlin('20:00', '23:00');
    // 19:30 UTC: 20:30 before the change (CET), 21:30 after it (CEST); both inside.
    expect(inWindow(w, at('2026-03-28T19:30:00Z'))).toBe(true);
    expect(inWindow(w, at('2026-03-29T19:30:00Z'))).toBe(true);
    // 21:30 UTC: 22:30 the day before, 23:30 on the day of the change: outside now.
    expect(inWindow(w, at('2026-03-28T21:30:00Z'))).toBe(true);
    expect(inWindow(w, at('2026-03-29T21:30:00Z'))).toBe(false);
    // 18:30 UTC: 19:30 the day before (outside), 20:30 after the change (inside).
    expect(inWindow(w, at('2026-03-28T18:30:00Z'))).toBe(false);
    expect(inWindow(w, at('2026-03-29T18:30:00Z'))).toBe(true);
    // In the early morning of the change: 01:30 UTC is 03:30 local (02:00-03:00 does not exist).
    expect(inWindow(berlin('03:00', '04:00'), at('2026-03-29T01:30:00Z'))).toBe(true);
    expect(inWindow(berlin('02:00', '03:00'), at('2026-03-29T01:30:00Z'))).toBe(false);
  });

  it('a fixed offset does not follow summer time', () => {
    const w = { start: '20:00', end: '23:00', zone: '+01:00' };
    expect(inWindow(w, at('2026-07-15T21:30:00Z'))).toBe(true); // 22:30 at +01:00
    expect(inWindow(berlin('20:00', '23:00'), at('2026-07-15T21:30:00Z'))).toBe(false); // 23:30 CEST
  });
});
