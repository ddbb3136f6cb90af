import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  freeCoinsSendBody,
  freeCoinsStatus,
  freeCoinsVerified,
  freeCoinsVerifyBody,
  pendingCode,
  SMS_CODE_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
} from '#common/api/free-coins.ts';
import { translate } from '#common/i18n/translate.ts';
import { siteFor } from '#server/config.ts';
import { AppError, invalidField } from '#server/errors.ts';
import { requireVerifiedUser, sessionUser } from '#server/features/accounts/policy.ts';
import { userAnswer } from '#server/features/accounts/present.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { requestDomain } from '#server/http/request-domain.ts';
import { enforce } from '#server/http/throttle.ts';
import { smsProvider } from '#server/providers/sms/provider.ts';
import { SmsDeliveryError } from '#server/providers/sms/types.ts';
import { smsStatusCallbacks, smsStatusPath } from './callback.ts';
import { codeHash, codeMatches, newCode, phoneHash, phoneHint } from './codes.ts';
import { hasReceivedFreeCoins, isNumberUsed, newestPendingCode } from './data.ts';
import { countAttempt, recordSmsReceipt, redeemSmsCode, storeSmsCode, withdrawSmsCode } from './mutations.ts';
import { isLive, presentPending } from './present.ts';

/** Texts per member per hour. */
const SENDS_PER_HOUR = 3;

const disabled = () => new AppError('forbidden', { message: 'free_coins_disabled' });
const received = () => new AppError('conflict', { message: 'free_coins_received' });

/** Free coins by SMS (under /api): the offer, a code texted to a mobile number, and its redemption. */
export const freeCoinsRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /free_coins': 'public',
    'POST /free_coins/send': 'verified',
    'POST /free_coins/verify': 'verified',
  });
  const { db, config, throttle } = app.ctx;
  const secret = config.sessionSecret;
  const gateway = smsProvider(app.ctx, app.log);
  const coins = config.sms.freeCoins;
  await app.register(smsStatusCallbacks);

  app.get('/free_coins', { schema: { response: { 200: freeCoinsStatus } } }, async (request) => {
    const user = await sessionUser(request);
    const member = user?.status === 'active' ? user : null;
    const got = member ? await hasReceivedFreeCoins(db, member.id) : false;
    const row = member && !got ? await newestPendingCode(db, member.id) : null;
    const now = new Date();
    return {
      coins,
      disabled: coins === 0,
      received: got,
      pending: row && isLive(row, now) ? presentPending(row) : null,
    };
  });

  app.post(
    '/free_coins/send',
    { schema: { body: freeCoinsSendBody, response: { 200: pendingCode } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      if (coins === 0) throw disabled();
      if (await hasReceivedFreeCoins(db, user.id)) throw received();
      // The member's limit comes before the number is looked at, so numbers cannot be probed.
      await enforce(throttle, `free-coins:send:user:${user.id}`, SENDS_PER_HOUR, 3600);
      const phone = request.body.phone;
      const hash = phoneHash(secret, phone);
      if (await isNumberUsed(db, hash)) throw invalidField('phone', 'free_coins.errors.number_used');
      await enforce(throttle, `free-coins:send:number:${hash}`, 1, SMS_RESEND_SECONDS);
      const code = newCode();
      const now = new Date();
      const row = await storeSmsCode(db, {
        userId: user.id,
        phoneHash: hash,
        phoneHint: phoneHint(phone),
        codeHash: codeHash(secret, user.id, code),
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
        now,
      });
      const site = siteFor(config, requestDomain(request)).name;
      const text = translate(request.locale, 'free_coins.sms.text', {
        site,
        code,
        minutes: SMS_CODE_TTL_SECONDS / 60,
      });
      const statusCallback = gateway.readStatus ? `${config.publicUrl}${smsStatusPath(gateway.name)}` : undefined;
      try {
        const receipt = await gateway.send({ to: phone, text }, statusCallback ? { statusCallback } : {});
        await recordSmsReceipt(db, row.id, receipt.id);
      } catch (err) {
        await withdrawSmsCode(db, row.id);
        if (err instanceof SmsDeliveryError && err.reason === 'unavailable') throw new AppError('unavailable');
        if (err instanceof SmsDeliveryError) throw invalidField('phone', 'free_coins.errors.unreachable');
        throw err;
      }
      return presentPending(row);
    },
  );

  app.post(
    '/free_coins/verify',
    { schema: { body: freeCoinsVerifyBody, response: { 200: freeCoinsVerified } } },
    async (request) => {
      const user = await requireVerifiedUser(request);
      if (coins === 0) throw disabled();
      if (await hasReceivedFreeCoins(db, user.id)) throw received();
      const row = await newestPendingCode(db, user.id);
      if (!row) throw invalidField('code', 'free_coins.errors.no_code');
      const now = new Date();
      if (row.expiresAt.getTime() <= now.getTime()) throw invalidField('code', 'free_coins.errors.code_expired');
      const tries = await countAttempt(db, row.id, SMS_CODE_ATTEMPTS);
      if (tries === null) throw invalidField('code', 'free_coins.errors.attempts');
      if (!codeMatches(secret, user.id, request.body.code, row.codeHash)) {
        const key = tries >= SMS_CODE_ATTEMPTS ? 'free_coins.errors.attempts' : 'free_coins.errors.code_wrong';
        throw invalidField('code', key);
      }
      const result = await redeemSmsCode(app.ctx, { id: row.id, userId: user.id, coins, now });
      if (!result.ok && result.reason === 'number_used') throw invalidField('code', 'free_coins.errors.number_used');
      if (!result.ok) throw received();
      return { ...(await userAnswer(db, user.id)), coins };
    },
  );
};
