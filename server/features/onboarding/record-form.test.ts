import { describe, expect, it } from 'vitest';
import { RECORD_ERRORS } from '#common/api/admin-performers.ts';
import { readRecordForm } from './record-form.ts';

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
      dateOfBirth: RECORD_ERRORS.underage,
    });
    expect(readRecordForm({ ...fields, checkedOn: '2026-11-26' }, '2026-11-25').errors.checkedOn).toBe(
      RECORD_ERRORS.checkedOn,
    );
    expect(readRecordForm({}, '2026-11-25').record).toBeNull();
  });
});
