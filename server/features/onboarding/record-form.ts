import { isAdultOnCheckDate, isCalendarDay } from '#common/domain/performer-age.ts';
import type { OnboardingText } from './console-texts.ts';
import type { RecordInput } from './mutations.ts';

/** The documents a 2257 record may name. */
export const ID_TYPES = ['passport', 'id_card', 'driving_licence'] as const;

export type RecordForm = {
  legalName: string;
  dateOfBirth: string;
  idType: string;
  idNumber: string;
  checkedOn: string;
};
export type RecordFormErrors = Partial<Record<keyof RecordForm, OnboardingText>>;

const text = (v: string | undefined, max: number) =>
  (v ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, max * 2);

/** The moderator's 2257 entry as posted, checked: the record, or the message per wrong field. */
export function readRecordForm(
  fields: Record<string, string>,
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
  if (form.legalName.length < 2 || form.legalName.length > 200) errors.legalName = 'err_legalName';
  if (!isCalendarDay(form.checkedOn) || form.checkedOn > today) errors.checkedOn = 'err_checkedOn';
  if (!isCalendarDay(form.dateOfBirth) || form.dateOfBirth > today) errors.dateOfBirth = 'err_dateOfBirth';
  else if (!errors.checkedOn && !isAdultOnCheckDate(form.dateOfBirth, form.checkedOn))
    errors.dateOfBirth = 'err_underage';
  if (!(ID_TYPES as readonly string[]).includes(form.idType)) errors.idType = 'err_idType';
  if (!/^[A-Z0-9][A-Z0-9 -]{1,38}[A-Z0-9]$/.test(form.idNumber)) errors.idNumber = 'err_idNumber';
  return { form, record: Object.keys(errors).length ? null : { ...form }, errors };
}
