import { wallClock, zoneOffset } from './favorite-time.ts';

/**
 * The daily slot game (/game): three reels, one free spin per member and Berlin calendar day. The
 * server draws the outcome from the weighted prize table below with crypto randomness; the reels
 * only show what was drawn, so what the page displays can never change what is won.
 *
 * Prize table (weights out of GAME_TOTAL_WEIGHT = 100, i.e. per cent per spin):
 *
 * | reels        | weight | prize (a coupon in the member's list)            | valid  |
 * |--------------|-------:|--------------------------------------------------|--------|
 * | 7 7 7        |      1 | 50 coins (COINS, redeemed from the coupon list)   | 30 d   |
 * | diamond ×3   |      3 | one free video or gallery unlock (FREE)          | 14 d   |
 * | star ×3      |      6 | +25 % coins on the next coin purchase (PERCENT)  | 14 d   |
 * | bell ×3      |     10 | 5 coins (COINS)                                  | 30 d   |
 * | heart ×3     |     15 | +10 % coins on the next coin purchase (PERCENT)  | 14 d   |
 * | anything else|     65 | nothing                                          |        |
 *
 * Expected value of one spin: 1.0 coin outright (0.01 × 50 + 0.10 × 5), 0.03 unlocks (about one
 * a month of daily play), and 3.0 percentage points of bonus on a later purchase (0.06 × 25 +
 * 0.15 × 10), which is only worth something to a member who buys. At the default exchange rate
 * (10 cents a coin) the outright part costs 10 cents per spin; a member wins something on 35 % of
 * her days. The figures are computed from the table by `expectedValue` and checked by a test.
 */

/** The symbols on each reel; every one of them is also a winning line. */
export const REEL_SYMBOLS = ['heart', 'bell', 'star', 'diamond', 'seven'] as const;
export type ReelSymbol = (typeof REEL_SYMBOLS)[number];
export type Reels = [ReelSymbol, ReelSymbol, ReelSymbol];

/** What a winning line grants: a coupon of one of the coupon types, valid for `validDays`. */
export type GamePrize = { type: 'COINS' | 'PERCENT' | 'FREE'; value: number; validDays: number };
export type PrizeLine = { symbol: ReelSymbol; weight: number; prize: GamePrize };

export const PRIZE_TABLE: readonly PrizeLine[] = [
  { symbol: 'seven', weight: 1, prize: { type: 'COINS', value: 50, validDays: 30 } },
  { symbol: 'diamond', weight: 3, prize: { type: 'FREE', value: 1, validDays: 14 } },
  { symbol: 'star', weight: 6, prize: { type: 'PERCENT', value: 25, validDays: 14 } },
  { symbol: 'bell', weight: 10, prize: { type: 'COINS', value: 5, validDays: 30 } },
  { symbol: 'heart', weight: 15, prize: { type: 'PERCENT', value: 10, validDays: 14 } },
];
/** The weight of a spin that wins nothing. */
export const LOSS_WEIGHT = 65;
export const GAME_TOTAL_WEIGHT = PRIZE_TABLE.reduce((sum, line) => sum + line.weight, LOSS_WEIGHT);

/** A uniform whole number in [0, maxExclusive): crypto.randomInt on the server, seeded in tests. */
export type RandomInt = (maxExclusive: number) => number;

export type SpinOutcome = { line: PrizeLine | null; reels: Reels };

/** The chance of a line (or of a loss, weight LOSS_WEIGHT) in per cent. */
export const chancePercent = (weight: number) => (weight * 100) / GAME_TOTAL_WEIGHT;

/** The line of a symbol (the outcome the spin table stores), or null. */
export const lineOf = (symbol: string) => PRIZE_TABLE.find((l) => l.symbol === symbol) ?? null;

/**
 * Draws one spin: one number decides the line by weight; a loss then shows three symbols that are
 * not all the same (the third is redrawn among the other four when they would be).
 */
export function drawSpin(random: RandomInt): SpinOutcome {
  let n = random(GAME_TOTAL_WEIGHT);
  for (const line of PRIZE_TABLE) {
    if (n < line.weight) return { line, reels: [line.symbol, line.symbol, line.symbol] };
    n -= line.weight;
  }
  const count = REEL_SYMBOLS.length;
  const pick = () => REEL_SYMBOLS[random(count)] as ReelSymbol;
  const first = pick();
  const second = pick();
  let third = pick();
  if (first === second && second === third) {
    const at = REEL_SYMBOLS.indexOf(third);
    third = REEL_SYMBOLS[(at + 1 + random(count - 1)) % count] as ReelSymbol;
  }
  return { line: null, reels: [first, second, third] };
}

/** The table's expected value per spin (see the module comment). */
export function expectedValue() {
  const p = (l: PrizeLine) => l.weight / GAME_TOTAL_WEIGHT;
  const sum = (f: (l: PrizeLine) => number) => PRIZE_TABLE.reduce((s, l) => s + f(l), 0);
  return {
    coins: sum((l) => (l.prize.type === 'COINS' ? p(l) * l.prize.value : 0)),
    unlocks: sum((l) => (l.prize.type === 'FREE' ? p(l) * l.prize.value : 0)),
    bonusPercent: sum((l) => (l.prize.type === 'PERCENT' ? p(l) * l.prize.value : 0)),
    winChance: sum(p),
  };
}

/** The game's calendar: a day starts at midnight in Berlin, whatever the member's own zone. */
export const GAME_TIME_ZONE = 'Europe/Berlin';

/** How far Berlin's clock is ahead of UTC at that moment (1 or 2 hours), in ms. */
const berlinOffset = (at: Date): number => zoneOffset(GAME_TIME_ZONE, at) * 60_000;

/** The Berlin calendar day of a moment, as YYYY-MM-DD (the spin table's `day`). */
export function gameDay(at: Date): string {
  return wallClock(GAME_TIME_ZONE, at).date;
}

/**
 * The moment the next Berlin day starts: the next spin. Midnight is never inside a daylight saving
 * switch (those are at 2 and 3 o'clock), so one offset correction is exact.
 */
export function nextGameDayStart(at: Date): Date {
  const [y, m, d] = gameDay(at).split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d + 1);
  const guess = midnightUtc - berlinOffset(new Date(midnightUtc));
  return new Date(midnightUtc - berlinOffset(new Date(guess)));
}
