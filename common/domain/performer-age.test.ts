import { describe, expect, it } from 'vitest';
import { ageOn, isAdultOnCheckDate, isCalendarDay } from './performer-age.ts';

describe('performer age on the check date', () => {
  it('is 18 from the 18th birthday on, not the day before', () => {
    expect(isAdultOnCheckDate('2008-11-25', '2026-11-25')).toBe(true);
    expect(isAdultOnCheckDate('2008-11-26', '2026-11-25')).toBe(false);
    expect(isAdultOnCheckDate('1990-01-01', '2026-11-25')).toBe(true);
  });

  it('lets a 29 February birthday turn 18 on 1 March of a common year', () => {
    expect(isAdultOnCheckDate('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdultOnCheckDate('2008-02-29', '2026-03-01')).toBe(true);
  });

  it('refuses days that do not exist and births after the check', () => {
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('1899-12-31')).toBe(false);
    expect(isCalendarDay('26-1-1')).toBe(false);
    expect(isAdultOnCheckDate('2026-02-30', '2050-01-01')).toBe(false);
    expect(ageOn('2027-01-01', '2026-11-25')).toBeNull();
    expect(ageOn('2000-06-15', '2026-06-14')).toBe(25);
  });
});
