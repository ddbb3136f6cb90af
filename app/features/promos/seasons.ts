import { EURO_SPECIAL_UNTIL, XMAS_WINDOW } from '#common/constants.ts';

/** The "EURO Special" item is shown until the day in EURO_SPECIAL_UNTIL (exclusive, UTC midnight). */
export const euroSpecialActive = (now: Date) => now.getTime() < Date.parse(`${EURO_SPECIAL_UNTIL}T00:00:00Z`);

/** The day after the EURO Special's last (UTC midnight): the offer is over from then on. */
export const euroSpecialEnd = () => new Date(`${EURO_SPECIAL_UNTIL}T00:00:00Z`);

/**
 * This year's Christmas window around `now`: its first moment and the moment after its last day
 * (UTC), whether `now` is inside, and when the next one starts (this year's, or next year's once
 * this one is over).
 */
export function xmasWindow(now: Date) {
  const year = now.getUTCFullYear();
  const start = (y: number) => new Date(Date.UTC(y, XMAS_WINDOW.from.month - 1, XMAS_WINDOW.from.day));
  const end = new Date(Date.UTC(year, XMAS_WINDOW.to.month - 1, XMAS_WINDOW.to.day + 1));
  const t = now.getTime();
  const active = t >= start(year).getTime() && t < end.getTime();
  const nextStart = t < start(year).getTime() ? start(year) : start(year + 1);
  return { start: start(year), end, active, nextStart };
}

export const xmasActive = (now: Date) => xmasWindow(now).active;
