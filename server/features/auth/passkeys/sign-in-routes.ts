import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userResponse } from '#common/api/auth.ts';
import { signInPasskeyBody, webauthnOptionsResponse } from '#common/api/passkeys.ts';
import { AppError, unknownCredentials } from '#server/errors.ts';
import { findUserById } from '#server/features/accounts/data.ts';
import { isShut } from '#server/features/accounts/policy.ts';
import { userAnswer } from '#server/features/accounts/present.ts';
import { admitAddress } from '#server/features/auth/login-limits.ts';
import { claimVoucher, markKnownDevice, startMemberSession } from '#server/features/auth/sign-in.ts';
import { ensureSession } from '#server/features/session/request.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { addressKey } from '#server/http/client-address.ts';
import { assertionOptions, verifyPasskeyAssertion } from './ceremony.ts';
import { optionsJson } from './present.ts';
import { relyingParty } from './relying-party.ts';

/**
 * Sign-in with a passkey instead of the password (decision 066): a discoverable credential names
 * its owner, and a user-verified passkey is two factors by itself, so no second step follows.
 * Every answer counts on the address's login allowance (decision 010); nothing counts on the
 * account, so no stranger can slow a member's passkey down.
 */
export const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'POST /auth/passkey/options': 'public',
    'POST /auth/passkey': 'public',
  });
  const { db, config, throttle } = app.ctx;

  app.post(
    '/auth/passkey/options',
    {
      schema: {
        summary: 'Starts a passkey sign-in: options naming no account, with a challenge kept for this session.',
        response: { 200: webauthnOptionsResponse },
      },
    },
    async (request, reply) => {
      const rp = relyingParty(request);
      const session = await ensureSession(request, reply);
      const options = await assertionOptions(db, { sessionId: session.id, purpose: 'sign_in', rp, userId: null });
      return { options: optionsJson(options) };
    },
  );

  app.post(
    '/auth/passkey',
    {
      schema: {
        summary: "Signs a member in with a passkey's answer to the session's open challenge.",
        body: signInPasskeyBody,
        response: { 200: userResponse },
      },
    },
    async (request, reply) => {
      await admitAddress(throttle, addressKey(request.ip));
      const rp = relyingParty(request);
      const session = await ensureSession(request, reply);
      const passkey = await verifyPasskeyAssertion(db, {
        sessionId: session.id,
        purpose: 'sign_in',
        userId: null,
        rp,
        secret: config.sessionSecret,
        credential: request.body.credential,
      });
      const owner = passkey ? await findUserById(db, passkey.userId) : null;
      if (!owner || owner.status === 'cancelled') throw unknownCredentials();
      // As the password login answers a blocked member once her proof held.
      if (isShut(owner)) throw new AppError('unknown_credentials', { message: 'user_blocked' });
      if (owner.isVerified) await claimVoucher(app.ctx, owner.id, request);
      await startMemberSession(app.ctx, request, reply, owner.id);
      await markKnownDevice(app.ctx, request, reply, owner.id);
      return userAnswer(db, owner.id);
    },
  );
};
