import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nicknameBody } from '#common/api/accounts.ts';
import { user as userSchema } from '#common/api/auth.ts';
import { idParam } from '#common/api/fields.ts';
import { isReservedNickname } from '#common/domain/nickname.ts';
import { invalidField, notFound, unknownCredentials } from '#server/errors.ts';
import { loadPresentableUser } from '#server/features/accounts/data.ts';
import { requireVerifiedUser } from '#server/features/accounts/policy.ts';
import { presentUser } from '#server/features/accounts/present.ts';
import { activateNickname, addNickname, removeNickname } from './mutations.ts';

const userResponse = z.object({ user: userSchema });
/** How many nicknames one member may keep. */
const MAX_NICKNAMES = 10;

export const nicknameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const presented = async (userId: number) => {
    const u = await loadPresentableUser(db, userId);
    if (!u) throw unknownCredentials();
    return { user: presentUser(u) };
  };

  app.post(
    '/user/nickname/add',
    { schema: { body: nicknameBody, response: { 201: userResponse } } },
    async (request, reply) => {
      const user = await requireVerifiedUser(request);
      const { nickname } = request.body;
      if (isReservedNickname(nickname)) throw invalidField('nickname', 'errors.validations.nickname.reserved');
      const current = await loadPresentableUser(db, user.id);
      if ((current?.nicknames.length ?? 0) >= MAX_NICKNAMES)
        throw invalidField('nickname', 'errors.validations.nickname.too_many');
      const added = await addNickname(db, user.id, nickname);
      if (added === 'taken') throw invalidField('nickname', 'errors.validations.nickname.taken');
      return reply.code(201).send(await presented(user.id));
    },
  );

  app.post(
    '/user/nickname/activate/:id',
    { schema: { params: idParam, response: { 200: userResponse } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      if (!(await activateNickname(db, user.id, request.params.id))) throw notFound();
      return presented(user.id);
    },
  );

  app.delete(
    '/user/nickname/remove/:id',
    { schema: { params: idParam, response: { 200: userResponse } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      if (!(await removeNickname(db, user.id, request.params.id))) throw notFound();
      return presented(user.id);
    },
  );
};
