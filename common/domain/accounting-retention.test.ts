import { describe, expect, it } from 'vitest';
import {
  accountingRecordsDeletableFrom,
  accountingRecordsDue,
  accountingYear,
  lastEntryDueBefore,
} from './accounting-retention.ts';

describe('the accounting records of an erased member: ten years after the end of the calendar year', () => {
  it('counts from the end of the year of the last entry, whatever its day', () => {
    const from = new Date('2037-01-01T00:00:00+01:00');
    for (const at of ['2026-01-01T00:00:00+01:00', '2026-05-17T12:00:00Z', '2026-12-31T23:59:59+01:00']) {
      expect(accountingRecordsDeletableFrom(new Date(at))).toEqual(from);
    }
  });

  it('takes the year in Berlin time: New Year’s Eve after 23:00 UTC is the next year', () => {
    expect(accountingYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(accountingYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
    expect(accountingRecordsDeletableFrom(new Date('2026-12-31T23:30:00Z'))).toEqual(
      new Date('2038-01-01T00:00:00+01:00'),
    );
  });

  it('is due from that instant on, not a moment before', () => {
    const last = new Date('2026-06-30T10:00:00Z');
    expect(accountingRecordsDue(last, new Date('2036-12-31T22:59:59.999Z'))).toBe(false);
    expect(accountingRecordsDue(last, new Date('2036-12-31T23:00:00Z'))).toBe(true);
    expect(accountingRecordsDue(last, new Date('2040-01-01T00:00:00Z'))).toBe(true);
    // Ten years after the entry itself is not enough: the year it was made must end first.
    expect(accountingRecordsDue(last, new Date('2036-07-01T00:00:00Z'))).toBe(false);
  });

  it('agrees with the bound the job asks the database with', () => {
    const now = new Date('2037-03-01T12:00:00Z');
    expect(lastEntryDueBefore(now)).toEqual(new Date('2027-01-01T00:00:00+01:00'));
    for (const at of ['2026-12-31T22:59:59Z', '2026-12-31T23:00:00Z', '2020-01-01T00:00:00Z', '2027-06-01T00:00:00Z']) {
      const last = new Date(at);
      expect(accountingRecordsDue(last, now)).toBe(last < lastEntryDueBefore(now));
    }
  });
});
