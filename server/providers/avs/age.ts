/** The date of a day (YYYY-MM-DD) in UTC. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Whether a person born on `birthDate` (YYYY-MM-DD) is 18 or older on `today` (UTC). */
export function isAdultOn(birthDate: string, today: Date): boolean {
  const [y, m, d] = birthDate.split('-');
  return `${String(Number(y) + 18).padStart(4, '0')}-${m}-${d}` <= isoDay(today);
}
