import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '#common/api/fields.ts';
import {
  deletePasskeyBody,
  passkeyParams,
  passkeyResponse,
  passkeysResponse,
  registerPasskeyBody,
  renamePasskeyBody,
  webauthnOptionsResponse,
} from '#common/api/passkeys.ts';
import { invalidField, notFound, unauthenticated } from '#server/errors.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { enforce } from '#server/http/throttle.ts';
import { assertionOptions, registrationOptions, verifyPasskeyAssertion, verifyRegistration } from './ceremony.ts';
import { passkeysOf } from './data.ts';
import { addPasskey, deletePasskey, renamePasskey } from './mutations.ts';
import { optionsJson, presentPasskey } from './present.ts';
import { relyingParty } from './relying-party.ts';

/** A member's passkeys in her settings (decision 066): list, add, rename, delete with proof. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /passkeys': 'member',
    'POST /passkeys/options': 'member',
    'POST /passkeys': 'member',
    'PATCH /passkeys/:id': 'member',
    'POST /passkeys/confirm/options': 'member',
    'DELETE /passkeys/:id': 'member',
  });
  const { db, config, throttle } = app.ctx;
  const sessionId = (request: FastifyRequest) => {
    if (!request.session) throw unauthenticated();
    return request.session.id;
  };
  /** Ceremonies per member: 30 an hour, so nobody fills the table or keeps the CPU busy. */
  const limitCeremony = (userId: number) => enforce(throttle, `passkey:member:${userId}`, 30, 3600);

  app.get(
    '/passkeys',
    { schema: { summary: "Lists the signed-in member's passkeys.", response: { 200: passkeysResponse } } },
    async (request) => {
      const user = await requireUser(request);
      return { data: (await passkeysOf(db, user.id)).map(presentPasskey) };
    },
  );

  app.post(
    '/passkeys/options',
    {
      schema: {
        summary: 'Starts adding a passkey: the options for the browser, with a challenge kept for this session.',
        response: { 200: webauthnOptionsResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitCeremony(user.id);
      const rp = relyingParty(request);
      const options = await registrationOptions(db, {
        sessionId: sessionId(request),
        rp,
        secret: config.sessionSecret,
        user,
      });
      return { options: optionsJson(options) };
    },
  );

  app.post(
    '/passkeys',
    {
      schema: {
        summary: "Adds a passkey: checks the browser's answer to the open challenge and keeps the credential.",
        body: registerPasskeyBody,
        response: { 201: passkeyResponse },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const rp = relyingParty(request);
      const made = await verifyRegistration(db, {
        sessionId: sessionId(request),
        userId: user.id,
        rp,
        credential: request.body.credential,
      });
      if (!made) throw invalidField('credential', 'passkeys.errors.refused');
      const row = await addPasskey(db, { ...made, userId: user.id, name: request.body.name });
      if (row === 'taken') throw invalidField('credential', 'passkeys.errors.taken');
      return reply.code(201).send({ passkey: presentPasskey(row) });
    },
  );

  app.patch(
    '/passkeys/:id',
    {
      schema: {
        summary: 'Renames one of her passkeys.',
        params: passkeyParams,
        body: renamePasskeyBody,
        response: { 200: passkeyResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await renamePasskey(db, user.id, request.params.id, request.body.name);
      if (!row) throw notFound();
      return { passkey: presentPasskey(row) };
    },
  );

  app.post(
    '/passkeys/confirm/options',
    {
      schema: {
        summary: 'Options for proving one of her passkeys again, before a passkey is deleted.',
        response: { 200: webauthnOptionsResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitCeremony(user.id);
      const rp = relyingParty(request);
      const options = await assertionOptions(db, {
        sessionId: sessionId(request),
        purpose: 'confirm',
        rp,
        userId: user.id,
      });
      return { options: optionsJson(options) };
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        summary: 'Deletes one of her passkeys, with her password or a fresh passkey answer as proof.',
        params: passkeyParams,
        body: deletePasskeyBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { body } = request;
      if ('password' in body) {
        // As every check of her password in the settings: 10 guesses an hour per account.
        await enforce(throttle, `password-check:${user.id}`, 10, 3600);
        if (!(await verifyPassword(user.passwordHash, body.password)))
          throw invalidField('password', 'errors.validations.password_wrong');
      } else {
        const proved = await verifyPasskeyAssertion(db, {
          sessionId: sessionId(request),
          purpose: 'confirm',
          userId: user.id,
          rp: relyingParty(request),
          secret: config.sessionSecret,
          credential: body.credential,
        });
        if (!proved) throw invalidField('credential', 'passkeys.errors.refused');
      }
      if (!(await deletePasskey(db, user.id, request.params.id))) throw notFound();
      return { ok: true as const };
    },
  );
};
