import { describe, expect, it } from 'vitest';
import {
  closesWithoutSaving,
  formOf,
  HOURS,
  MINUTES,
  modeOf,
  normalizeTime,
  payloadOf,
  type StoredWindow,
  validateWindow,
} from './favorite-window.ts';

const stored = (info_start: string | null, info_end: string | null): StoredWindow => ({ info_start, info_end });
/** A browser in Berlin in winter. */
const clock = { offset: 60, timeZone: 'Europe/Berlin' };
const sent = (info_start: string | null, info_end: string | null) => ({
  ...stored(info_start, info_end),
  time_zone: 'Europe/Berlin',
});

describe('favorite notification window', () => {
  it('loads: no start is off, midnight to midnight is daily, anything else a time span', () => {
    expect(modeOf(stored(null, null))).toBe('off');
    expect(modeOf(stored(null, '10:00'))).toBe('off');
    expect(modeOf(stored('00:00', '00:00'))).toBe('daily');
    expect(modeOf(stored('00:00:00', '00:00:00'))).toBe('daily');
    expect(modeOf(stored('00:00:00+01:00', '00:00:00+01:00'))).toBe('daily');
    expect(modeOf(stored('2026-11-24T00:00:00-05:00', '2026-11-24T00:00:00-05:00'))).toBe('daily');
    expect(formOf(stored('20:15:00+02:00', '23:45:00+02:00'))).toEqual({
      mode: 'timespan',
      start: '20:15',
      end: '23:45',
    });
    expect(modeOf(stored('00:00', '06:00'))).toBe('timespan');
    expect(modeOf(stored('20:15', '02:45'))).toBe('timespan');
  });

  it('saves ISO times with the offset and the zone: off nulls, daily midnight to midnight, a span its times', () => {
    expect(payloadOf({ mode: 'off', start: '10:00', end: '11:00' }, clock)).toEqual(sent(null, null));
    expect(payloadOf({ mode: 'daily', start: '10:00', end: '11:00' }, clock)).toEqual(
      sent('00:00:00+01:00', '00:00:00+01:00'),
    );
    expect(payloadOf({ mode: 'timespan', start: '18:30', end: '23:45' }, clock)).toEqual(
      sent('18:30:00+01:00', '23:45:00+01:00'),
    );
    expect(
      payloadOf({ mode: 'timespan', start: '09:00', end: '17:00' }, { offset: -210, timeZone: 'America/St_Johns' }),
    ).toEqual({ info_start: '09:00:00-03:30', info_end: '17:00:00-03:30', time_zone: 'America/St_Johns' });
  });

  it('round-trips: load -> mode -> save payload -> load gives the same mode and times', () => {
    for (const s of [
      stored(null, null),
      stored('00:00:00+01:00', '00:00:00+01:00'),
      stored('18:30:00+01:00', '23:45:00+01:00'),
      stored('22:00:00+01:00', '03:15:00+01:00'),
    ]) {
      const form = formOf(s);
      const payload = payloadOf(form, clock);
      expect(payload).toEqual({ ...s, time_zone: 'Europe/Berlin' });
      expect(formOf(payload)).toEqual(form);
      expect(modeOf(payload)).toBe(form.mode);
    }
  });

  it('a time span needs both times, on the 15-minute grid; other modes need nothing', () => {
    expect(validateWindow({ mode: 'timespan', start: '', end: '' })).toEqual({
      start: 'errors.validations.required',
      end: 'errors.validations.required',
    });
    expect(validateWindow({ mode: 'timespan', start: '10:00', end: '' })).toEqual({
      end: 'errors.validations.required',
    });
    expect(validateWindow({ mode: 'timespan', start: '10:10', end: '11:00' })).toEqual({
      start: 'errors.validations.time_step',
    });
    expect(validateWindow({ mode: 'timespan', start: '10:15', end: '11:45' })).toEqual({});
    expect(validateWindow({ mode: 'daily', start: '', end: '' })).toEqual({});
    expect(validateWindow({ mode: 'off', start: '', end: '' })).toEqual({});
  });

  it('off with no earlier setting just closes; off after a setting saves the nulls', () => {
    expect(closesWithoutSaving({ mode: 'off', start: '', end: '' }, stored(null, null))).toBe(true);
    expect(closesWithoutSaving({ mode: 'off', start: '', end: '' }, stored('00:00', '00:00'))).toBe(false);
    expect(closesWithoutSaving({ mode: 'daily', start: '', end: '' }, stored(null, null))).toBe(false);
  });

  it('offers 24 hours and the minutes 00, 15, 30, 45', () => {
    expect(HOURS).toHaveLength(24);
    expect(HOURS[0]).toBe('00');
    expect(HOURS[23]).toBe('23');
    expect(MINUTES).toEqual(['00', '15', '30', '45']);
  });

  it('reads ISO date-times and seconds, refuses what is not a time', () => {
    expect(normalizeTime('1970-01-01T18:30:00.000Z')).toBe('18:30');
    expect(normalizeTime('07:45:00')).toBe('07:45');
    expect(normalizeTime('24:00')).toBeNull();
    expect(normalizeTime('')).toBeNull();
    expect(normalizeTime(null)).toBeNull();
  });
});
