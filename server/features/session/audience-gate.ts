import type { FastifyInstance } from 'fastify';
import { requireUserNow, requireVerifiedUserNow } from '#server/features/accounts/policy.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { requireApplicant, requirePerformer } from '#server/features/studio/session.ts';
import { gateAudiences } from '#server/http/audience.ts';

/**
 * The audience gate of every /api route (http/audience.ts) with the checks of the callers this
 * server knows: a member (and a verified one) by her session (accounts/policy.ts), a performer
 * and an applicant by the studio session (studio/session.ts), an operator by the console's
 * (admin/operator-gate.ts).
 */
export function registerAudiences(app: FastifyInstance) {
  app.decorateRequest('performer', undefined);
  app.decorateRequest('applicant', undefined);
  app.decorateRequest('operator', undefined);
  gateAudiences(app, {
    member: requireUserNow,
    verified: requireVerifiedUserNow,
    performer: requirePerformer,
    applicant: requireApplicant,
    operator: requireOperator,
  });
}
