/**
 * 18 U.S.C. 2257 and the platform's terms: a performer must be 18 or older on the day her
 * identity is checked. Days are ISO dates (YYYY-MM-DD), compared as calendar days, so a person
 * born on 29 February turns 18 on 1 March of a common year.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value && Number(m[1]) >= 1900;
}

/** Full years of a person born on `birthDate` on the day `on` (both YYYY-MM-DD), or null for a bad day. */
export function ageOn(birthDate: string, on: string): number | null {
  if (!isCalendarDay(birthDate) || !isCalendarDay(on)) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age < 0 ? null : age;
}

/** The age a performer must have reached on the day of her check. */
export const PERFORMER_MIN_AGE = 18;

/** Whether someone born on `birthDate` is 18 or older on `checkDate`. */
export function isAdultOnCheckDate(birthDate: string, checkDate: string): boolean {
  const age = ageOn(birthDate, checkDate);
  return age !== null && age >= PERFORMER_MIN_AGE;
}
