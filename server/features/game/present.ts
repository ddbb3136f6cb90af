import type { GameStatus, SpinResult } from '#common/api/game.ts';
import {
  chancePercent,
  type GamePrize,
  gameDay,
  LOSS_WEIGHT,
  lineOf,
  nextGameDayStart,
  PRIZE_TABLE,
  REEL_SYMBOLS,
  type ReelSymbol,
} from '#common/domain/game.ts';
import type { SpinRow } from './data.ts';

const isSymbol = (s: string): s is ReelSymbol => (REEL_SYMBOLS as readonly string[]).includes(s);
const answerOf = (p: GamePrize) => ({ type: p.type, value: p.value, valid_days: p.validDays });
const prizeOf = (symbol: string | null) => {
  const line = symbol ? lineOf(symbol) : null;
  return line ? answerOf(line.prize) : null;
};

/** The prize table as the page shows it; the chances add up to 100 with the loss. */
export const presentPrizeTable = () => ({
  prizes: PRIZE_TABLE.map((l) => ({ symbol: l.symbol, chance: chancePercent(l.weight), prize: answerOf(l.prize) })),
  loss_chance: chancePercent(LOSS_WEIGHT),
});

/** One spin: the reels (a stored row of unknown symbols would be a bug, so it throws), the prize, the coupon. */
export function presentSpin(row: SpinRow): SpinResult {
  const reels = row.reels.split(',');
  const [a, b, c] = reels;
  if (reels.length !== 3 || !a || !b || !c || !isSymbol(a) || !isSymbol(b) || !isSymbol(c))
    throw new Error(`spin ${row.id} has reels ${row.reels}`);
  return {
    day: row.day,
    at: row.createdAt.toISOString(),
    reels: [a, b, c],
    prize: prizeOf(row.prize),
    coupon:
      row.couponCode && row.couponValidUntil
        ? { code: row.couponCode, valid_until: row.couponValidUntil.toISOString() }
        : null,
  };
}

/** The member's state: a spin is left when none of her spins is from today (Berlin). */
export function presentMember(latest: SpinRow[], now: Date): NonNullable<GameStatus['member']> {
  const today = gameDay(now);
  const spunToday = latest.some((s) => s.day === today);
  return {
    spins_left: spunToday ? 0 : 1,
    next_spin_at: (spunToday ? nextGameDayStart(now) : now).toISOString(),
    results: latest.map(presentSpin),
  };
}
