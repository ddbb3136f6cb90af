import { describe, expect, it } from 'vitest';
import { waitingFor } from './console-html.ts';
import { readRecordForm } from './record-form.ts';

describe('the console’s waiting time', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('reads in minutes, hours, then days and hours', () => {
    expect(waitingFor('en', new Date('2026-11-25T11:35:00Z'), now)).toBe('25 min');
    expect(waitingFor('en', new Date('2026-11-25T07:00:00Z'), now)).toBe('5 h');
    expect(waitingFor('de', new Date('2026-11-23T09:00:00Z'), now)).toBe('2 T. 3 Std.');
  });
});

describe('the 2257 form', () => {
  const fields = {
    legalName: '  Maria   Example ',
    dateOfBirth: '2008-11-25',
    idType: 'id_card',
    idNumber: 'l01x00t47',
    checkedOn: '2026-11-25',
  };
  it('takes a performer who turns 18 on the check date, tidied', () => {
    const read = readRecordForm(fields, '2026-11-25');
    expect(read.errors).toEqual({});
    expect(read.record).toEqual({ ...fields, legalName: 'Maria Example', idNumber: 'L01X00T47' });
  });
  it('refuses one who turns 18 the day after, and a check in the future', () => {
    expect(readRecordForm({ ...fields, dateOfBirth: '2008-11-26' }, '2026-11-25').errors).toEqual({
      dateOfBirth: 'err_underage',
    });
    expect(readRecordForm({ ...fields, checkedOn: '2026-11-26' }, '2026-11-25').errors.checkedOn).toBe('err_checkedOn');
    expect(readRecordForm({}, '2026-11-25').record).toBeNull();
  });
});
