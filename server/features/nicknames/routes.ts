import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nicknameBody } from '#common/api/accounts.ts';
import { userResponse } from '#common/api/auth.ts';
import { idParam } from '#common/api/fields.ts';
import { nameRules } from '#common/domain/name-blocklist.ts';
import { nicknameRefusalKey } from '#common/domain/nickname.ts';
import { invalidField, notFound } from '#server/errors.ts';
import { requireVerifiedUser } from '#server/features/accounts/policy.ts';
import { userAnswer } from '#server/features/accounts/present.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { activateNickname, addNickname, removeNickname } from './mutations.ts';

/** How many nicknames one member may keep. */
const MAX_NICKNAMES = 10;

export const nicknameRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /user/nickname/add': 'verified',
    'POST /user/nickname/activate/:id': 'verified',
    'DELETE /user/nickname/remove/:id': 'verified',
  });
  const { db, config } = app.ctx;
  // Staff, system and site names and offensive words (built in, and the operator's own list).
  const rules = nameRules({
    siteNames: [config.site.name, ...Object.values(config.sites).map((site) => site.name)],
    extra: config.nameBlocklist,
  });
  const presented = (userId: number) => userAnswer(db, userId);

  app.post(
    '/user/nickname/add',
    { schema: { body: nicknameBody, response: { 201: userResponse } } },
    async (request, reply) => {
      const user = await requireVerifiedUser(request);
      const { nickname } = request.body;
      const refused = nicknameRefusalKey(nickname, rules);
      if (refused) throw invalidField('nickname', refused);
      // requireVerifiedUser loaded the member with their nicknames already.
      if (user.nicknames.length >= MAX_NICKNAMES)
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
