import type { FastifyRequest } from 'fastify';
import { addressKey } from '#server/http/client-address.ts';
import { enforce } from '#server/http/throttle.ts';

/**
 * Coupon codes can be guessed: every place that answers whether a code is usable counts the
 * guesses of a member and of an address against one allowance of 10 an hour (429 beyond).
 */
const GUESSES = 10;
const HOUR = 3600;

export const guessKeys = (request: FastifyRequest, userId: number) => [
  `coupon-redeem:user:${userId}`,
  `coupon-redeem:ip:${addressKey(request.ip)}`,
];

/** Counts one guess of the member (and their address); throws 429 once the allowance is used. */
export async function countCodeGuess(request: FastifyRequest, userId: number) {
  for (const key of guessKeys(request, userId)) await enforce(request.server.ctx.throttle, key, GUESSES, HOUR);
}

/** A coupon was taken: the guesses before it were not guessing. */
export async function forgetCodeGuesses(request: FastifyRequest, userId: number) {
  for (const key of guessKeys(request, userId)) await request.server.ctx.throttle.reset(key);
}
