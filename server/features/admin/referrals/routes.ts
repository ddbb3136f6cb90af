import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleOutcome } from '#common/api/admin.ts';
import {
  consoleReferralAnswer,
  consoleReferrals,
  issuePlatformReferralBody,
  REFERRAL_CONSOLE_ERRORS,
} from '#common/api/admin-referrals.ts';
import { referralCodeParams } from '#common/api/referrals.ts';
import { normalCode } from '#common/domain/referral-codes.ts';
import { AppError, invalidField, notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { allCodes, showIdOf } from '#server/features/referrals/data.ts';
import { issueReferralCode, retireReferralCode } from '#server/features/referrals/issue.ts';
import { presentConsoleCode } from '#server/features/referrals/present.ts';

/**
 * The console's referral codes (/api/admin/referrals), for operators holding `payouts`
 * (decision 062): every code with its owner, figures and state; issuing a platform code for a
 * show; retiring any code. Each change is audited under its action key, so a key acts once.
 */
export const referralConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const referrals = forOperators('payouts');

  const listed = async (code: string) => {
    const [row] = await allCodes(db, code);
    if (!row) throw notFound();
    return presentConsoleCode(row, new Date());
  };

  app.get(
    '/admin/referrals',
    { config: referrals, schema: { response: { 200: consoleReferrals } } },
    async (request) => {
      await requireOperator(request);
      const now = new Date();
      return { codes: (await allCodes(db)).map((c) => presentConsoleCode(c, now)) };
    },
  );

  app.post(
    '/admin/referrals',
    { config: referrals, schema: { body: issuePlatformReferralBody, response: { 200: consoleReferralAnswer } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const showId = await showIdOf(db, request.body.show);
      if (showId === null) throw invalidField('show', REFERRAL_CONSOLE_ERRORS.show);
      const issued = await issueReferralCode(db, {
        code: request.body.code,
        showId,
        issuer: { kind: 'platform', operatorId: operator.id, formKey },
      });
      if (!issued.ok) {
        if (issued.error === 'show_unknown') throw invalidField('show', REFERRAL_CONSOLE_ERRORS.show);
        if (issued.error === 'key_used') throw new AppError('conflict', { message: 'action_key' });
        throw invalidField('code', issued.error);
      }
      const outcome: ConsoleOutcome = issued.repeated ? 'repeat' : 'done';
      request.log.info({ operatorId: operator.id, code: issued.row.code, outcome }, 'platform referral code issued');
      return { outcome, code: await listed(issued.row.code) };
    },
  );

  app.post(
    '/admin/referrals/:code/retire',
    { config: referrals, schema: { params: referralCodeParams, response: { 200: consoleReferralAnswer } } },
    async (request) => {
      const { operator } = await requireOperator(request);
      const formKey = actionKeyOf(request);
      const retired = await retireReferralCode(db, {
        code: request.params.code,
        by: { kind: 'operator', operatorId: operator.id, formKey },
      });
      if (!retired.ok) throw notFound();
      request.log.info(
        { operatorId: operator.id, code: normalCode(request.params.code), outcome: retired.outcome },
        'referral code retired',
      );
      return { outcome: retired.outcome, code: await listed(retired.row.code) };
    },
  );
};
