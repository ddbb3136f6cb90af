import { z } from 'zod';
import { REEL_SYMBOLS } from '../domain/game.ts';

/**
 * The daily slot game (/game). The server draws every outcome; the client only shows it. Prizes
 * are coupons in the member's list (common/domain/game.ts has the table and its expected value).
 */

/** The header a spin carries: a retry with the same key answers the same spin. */
export const GAME_IDEMPOTENCY_HEADER = 'idempotency-key';
export const gameIdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'errors.validations.invalid');

/** Why a spin was refused (an i18n key, the `message` of the 409). */
export const GAME_ALREADY_SPUN = 'game.errors.already_spun';

const symbol = z.enum(REEL_SYMBOLS);
const prize = z.object({
  type: z.enum(['COINS', 'PERCENT', 'FREE']),
  value: z.number(),
  valid_days: z.number().int(),
});

/** One line of the prize table, with its chance in per cent. */
export const prizeLine = z.object({ symbol, chance: z.number(), prize });

/** One spin: its Berlin day, the reels shown, and the prize with the coupon it was granted as. */
export const spinResult = z.object({
  day: z.string(),
  at: z.string(),
  reels: z.tuple([symbol, symbol, symbol]),
  prize: prize.nullable(),
  coupon: z.object({ code: z.string(), valid_until: z.string() }).nullable(),
});
export type SpinResult = z.infer<typeof spinResult>;

/** A member's state: spins left today (0 or 1), when the next one is possible, her latest spins. */
export const gameMember = z.object({
  spins_left: z.number().int(),
  next_spin_at: z.string(),
  results: z.array(spinResult),
});

/** GET /game: the table for everybody (with the chance of no prize), the member's state for members. */
export const gameStatus = z.object({
  prizes: z.array(prizeLine),
  loss_chance: z.number(),
  member: gameMember.nullable(),
});
export type GameStatus = z.infer<typeof gameStatus>;

/** POST /game/spin: the spin (the same one again for a retry) and the member's state after it. */
export const spinResponse = z.object({ result: spinResult, member: gameMember });
export type SpinResponse = z.infer<typeof spinResponse>;
