import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GAME_ALREADY_SPUN,
  GAME_IDEMPOTENCY_HEADER,
  gameIdempotencyKey,
  gameStatus,
  spinResponse,
} from '#common/api/game.ts';
import { AppError, invalidField } from '#server/errors.ts';
import { requireVerifiedUser, sessionUser } from '#server/features/accounts/policy.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { latestSpins } from './data.ts';
import { spin } from './mutations.ts';
import { presentMember, presentPrizeTable, presentSpin } from './present.ts';

/** The daily slot game (under /api): the prize table for everybody, one spin a day for members. */
export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /game': 'public',
    'POST /game/spin': 'verified',
  });
  const { db } = app.ctx;

  app.get('/game', { schema: { response: { 200: gameStatus } } }, async (request) => {
    const user = await sessionUser(request);
    const member = user?.status === 'active' ? user : null;
    const now = new Date();
    return {
      ...presentPrizeTable(),
      member: member ? presentMember(await latestSpins(db, member.id), now) : null,
    };
  });

  // No body is read: the spin has no parameters, and the server alone draws its outcome.
  app.post('/game/spin', { schema: { response: { 200: spinResponse } } }, async (request) => {
    const user = await requireVerifiedUser(request);
    const key = gameIdempotencyKey.safeParse(request.headers[GAME_IDEMPOTENCY_HEADER]);
    if (!key.success) throw invalidField(GAME_IDEMPOTENCY_HEADER, 'errors.validations.invalid');
    const now = new Date();
    const spun = await spin(db, user.id, key.data, randomInt, now);
    if (!spun) throw new AppError('conflict', { message: GAME_ALREADY_SPUN });
    return { result: presentSpin(spun.spin), member: presentMember(await latestSpins(db, user.id), now) };
  });
};
