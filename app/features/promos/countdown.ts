/**
 * Time left until a promo stops, for its countdown: "hh:mm:ss", with whole days in front once
 * it is a day or more ("2 d 03:04:05" style, the day unit from the catalog); 00:00:00 once over.
 */
export function timeLeft(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}` };
}
