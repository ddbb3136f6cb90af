import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  issueStudioReferralBody,
  referralCodeParams,
  studioReferralCode,
  studioReferrals,
} from '#common/api/referrals.ts';
import { REFERRAL_ACTIVE_MAX } from '#common/domain/referral-codes.ts';
import { invalidField, notFound } from '#server/errors.ts';
import { requirePerformer } from '#server/features/studio/session.ts';
import { declareAudiences } from '#server/http/audience.ts';
import { codesOfShow } from './data.ts';
import { issueReferralCode, retireReferralCode } from './issue.ts';
import { presentStudioCode } from './present.ts';

/**
 * Her referral codes in the studio (/api/studio/referrals): her own show's codes only (the show
 * comes from her session), each with what it brought; issuing one (her text or a generated one)
 * up to REFERRAL_ACTIVE_MAX active codes, and retiring one. Another's code answers 404.
 */
export const studioReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  declareAudiences(app, {
    'GET /studio/referrals': 'performer',
    'POST /studio/referrals': 'performer',
    'POST /studio/referrals/:code/retire': 'performer',
  });
  const { db } = app.ctx;

  /** Her code as listed, with its figures (read again: a retired code keeps them). */
  const listed = async (showId: number, code: string) => {
    const row = (await codesOfShow(db, showId)).find((c) => c.row.code === code);
    if (!row) throw notFound();
    return presentStudioCode(row, new Date());
  };

  app.get('/studio/referrals', { schema: { response: { 200: studioReferrals } } }, async (request) => {
    const { performer } = await requirePerformer(request);
    const now = new Date();
    const codes = (await codesOfShow(db, performer.showId)).map((c) => presentStudioCode(c, now));
    const active = codes.filter((c) => c.state !== 'retired' && c.state !== 'expired').length;
    return { codes, active, activeMax: REFERRAL_ACTIVE_MAX };
  });

  app.post(
    '/studio/referrals',
    { schema: { body: issueStudioReferralBody, response: { 201: studioReferralCode } } },
    async (request, reply) => {
      const { performer } = await requirePerformer(request);
      const issued = await issueReferralCode(db, {
        code: request.body.code,
        showId: performer.showId,
        issuer: { kind: 'performer' },
      });
      if (!issued.ok) {
        if (issued.error === 'show_unknown' || issued.error === 'key_used') throw notFound();
        throw invalidField('code', issued.error);
      }
      request.log.info({ performerId: performer.id, code: issued.row.code }, 'referral code issued');
      return reply.code(201).send(await listed(performer.showId, issued.row.code));
    },
  );

  app.post(
    '/studio/referrals/:code/retire',
    { schema: { params: referralCodeParams, response: { 200: studioReferralCode } } },
    async (request) => {
      const { performer } = await requirePerformer(request);
      const retired = await retireReferralCode(db, {
        code: request.params.code,
        by: { kind: 'performer', showId: performer.showId },
      });
      if (!retired.ok) throw notFound();
      if (retired.outcome === 'done') {
        request.log.info({ performerId: performer.id, code: retired.row.code }, 'referral code retired');
      }
      return listed(performer.showId, retired.row.code);
    },
  );
};
