import {
  type ApproveApplicationBody,
  ID_TYPES,
  RECORD_ERRORS,
  type RecordError,
} from '#common/api/admin-performers.ts';
import { isAdultOnCheckDate, isCalendarDay } from '#common/domain/performer-age.ts';
import type { RecordInput } from './mutations.ts';

export type RecordForm = Required<{ [K in keyof ApproveApplicationBody]: string }>;
export type RecordFormErrors = Partial<Record<keyof RecordForm, RecordError>>;

const text = (v: string | undefined, max: number) =>
  (v ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, max * 2);

/** The moderator's 2257 entry as sent, checked: the record, or the refusal per wrong field. */
export function readRecordForm(
  fields: Partial<Record<keyof RecordForm, string>>,
  today: string,
): { form: RecordForm; record: RecordInput | null; errors: RecordFormErrors } {
  const form: RecordForm = {
    legalName: text(fields.legalName, 200),
    dateOfBirth: text(fields.dateOfBirth, 10),
    idType: text(fields.idType, 20),
    idNumber: text(fields.idNumber, 40).toUpperCase(),
    checkedOn: text(fields.checkedOn, 10),
  };
  const errors: RecordFormErrors = {};
  if (form.legalName.length < 2 || form.legalName.length > 200) errors.legalName = RECORD_ERRORS.legalName;
  if (!isCalendarDay(form.checkedOn) || form.checkedOn > today) errors.checkedOn = RECORD_ERRORS.checkedOn;
  if (!isCalendarDay(form.dateOfBirth) || form.dateOfBirth > today) errors.dateOfBirth = RECORD_ERRORS.dateOfBirth;
  else if (!errors.checkedOn && !isAdultOnCheckDate(form.dateOfBirth, form.checkedOn))
    errors.dateOfBirth = RECORD_ERRORS.underage;
  if (!(ID_TYPES as readonly string[]).includes(form.idType)) errors.idType = RECORD_ERRORS.idType;
  if (!/^[A-Z0-9][A-Z0-9 -]{1,38}[A-Z0-9]$/.test(form.idNumber)) errors.idNumber = RECORD_ERRORS.idNumber;
  return { form, record: Object.keys(errors).length ? null : { ...form }, errors };
}
