import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import {
  recoveryCodesBody,
  recoveryCodesResponse,
  secondFactorOffBody,
  secondFactorStateResponse,
  totpConfirmBody,
  totpSetupBody,
  totpSetupResponse,
} from '#common/api/second-factor.ts';
import { AppError, invalidField } from '#server/errors.ts';
import type { UserWithNicknames } from '#server/features/accounts/data.ts';
import { requireUser } from '#server/features/accounts/policy.ts';
import { passkeysOf } from '#server/features/auth/passkeys/data.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import { openAppKey } from '#server/features/auth/sealed-key.ts';
import { matchTotp, otpauthUri } from '#server/features/auth/totp.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { enforce } from '#server/http/throttle.ts';
import { mailSecondFactorNotice } from './notice.ts';
import { admitSettingsCode, methodOf, proveByCode, wrongCode } from './proof.ts';
import {
  clearSecondFactor,
  confirmedFactorOf,
  confirmTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  secondFactorOf,
  startTotpSetup,
} from './store.ts';

const noSetup = () => new AppError('conflict', { message: 'second_factor_not_set_up' });

/**
 * Her second factor in the settings (decision 071): set the authenticator app up and confirm it,
 * new recovery codes, turn it off. What would weaken the account needs her password (when it has
 * one) and, once the app is on, a code of it.
 */
export const secondFactorSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /users/second-factor': 'member',
    'POST /users/second-factor/totp': 'member',
    'POST /users/second-factor/totp/confirm': 'member',
    'POST /users/second-factor/recovery-codes': 'member',
    'POST /users/second-factor/off': 'member',
  });
  const { db, config, throttle } = app.ctx;

  /** Her password, when the account has one: as every check of it in the settings, 10 an hour. */
  const checkPassword = async (user: UserWithNicknames, password: string | undefined) => {
    if (!user.passwordHash) return;
    if (!password) throw invalidField('password', 'errors.validations.required');
    await enforce(throttle, `password-check:${user.id}`, 10, 3600);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw invalidField('password', 'errors.validations.password_wrong');
  };

  const state = async (userId: number) => {
    const factor = await confirmedFactorOf(db, userId);
    return {
      second_factor: {
        totp: Boolean(factor),
        recovery_codes_left: factor ? await recoveryCodesLeft(db, userId) : 0,
        passkeys: (await passkeysOf(db, userId)).length,
        since: factor?.confirmedAt?.toISOString() ?? null,
      },
    };
  };

  app.get(
    '/users/second-factor',
    {
      schema: {
        summary: 'Her second factor: app on or off, recovery codes left, passkeys.',
        response: { 200: secondFactorStateResponse },
      },
    },
    async (request) => state((await requireUser(request)).id),
  );

  app.post(
    '/users/second-factor/totp',
    {
      schema: {
        summary: 'Starts setting up an authenticator app: a new key, with its QR code, to be confirmed by a code.',
        body: totpSetupBody,
        response: { 200: totpSetupResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await checkPassword(user, request.body.password);
      if (!config.secondFactorKey) throw new AppError('unavailable', { message: 'second_factor_unavailable' });
      const secret = await startTotpSetup(db, user.id, config.secondFactorKey);
      if (!secret) throw new AppError('conflict', { message: 'second_factor_on_already' });
      const uri = otpauthUri({ issuer: config.site.name, account: user.email, secret });
      return { secret, otpauth_uri: uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
    },
  );

  app.post(
    '/users/second-factor/totp/confirm',
    {
      schema: {
        summary:
          'Confirms the new authenticator app with a code of it: the app is on; answers the recovery codes, once.',
        body: totpConfirmBody,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const now = Date.now();
      const factor = await secondFactorOf(db, user.id);
      if (!factor?.totpSecret) throw noSetup();
      if (factor.confirmedAt) throw new AppError('conflict', { message: 'second_factor_on_already' });
      await admitSettingsCode(throttle, user.id);
      const appKey = openAppKey(config.secondFactorKey, { kind: 'member', id: user.id }, factor.totpSecret);
      const step = appKey === null ? null : matchTotp(appKey, request.body.code, now);
      if (step === null) throw wrongCode();
      if (!(await confirmTotp(db, user.id, step, new Date(now))))
        throw new AppError('conflict', { message: 'second_factor_on_already' });
      const codes = await replaceRecoveryCodes(db, user.id);
      await mailSecondFactorNotice(app.ctx, user.id, 'second_factor_on');
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/users/second-factor/recovery-codes',
    {
      schema: {
        summary: 'New recovery codes for a code of her app; the earlier ones stop working.',
        body: recoveryCodesBody,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!(await confirmedFactorOf(db, user.id))) throw noSetup();
      await admitSettingsCode(throttle, user.id);
      if (!(await proveByCode(app.ctx, user.id, 'totp', request.body.code, Date.now()))) throw wrongCode();
      return { recovery_codes: await replaceRecoveryCodes(db, user.id) };
    },
  );

  app.post(
    '/users/second-factor/off',
    {
      schema: {
        summary: 'Turns her second factor off, with her password and a code of the app or a recovery code.',
        body: secondFactorOffBody,
        response: { 200: secondFactorStateResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!(await confirmedFactorOf(db, user.id))) throw noSetup();
      await checkPassword(user, request.body.password);
      await admitSettingsCode(throttle, user.id);
      const { code } = request.body;
      if (!(await proveByCode(app.ctx, user.id, methodOf(code), code, Date.now()))) throw wrongCode();
      await clearSecondFactor(db, user.id);
      await mailSecondFactorNotice(app.ctx, user.id, 'second_factor_off');
      return state(user.id);
    },
  );
};
