import type { FastifyRequest } from 'fastify';
import type { AgeCheckGates } from '#common/api/avs.ts';
import { ageCheckRequired } from '#server/errors.ts';
import { sessionUser } from '#server/features/accounts/policy.ts';

/** What a route offers that may need the age check: the voice call, or an explicit medium. */
export type AgeGated = 'voicecall' | 'media';

/**
 * Whether `what` needs a passed age check under the setting AGE_CHECK_GATES: the voice call
 * always does (spec); explicit media only in closed-user-group operation (`media`).
 */
export const ageCheckNeeded = (gates: AgeCheckGates, what: AgeGated) => what === 'voicecall' || gates === 'media';

/** Whether this browser has passed the age check: its session, or its member's account. */
export async function isAgeChecked(request: FastifyRequest): Promise<boolean> {
  if (request.session?.data.agechecked === true) return true;
  const user = await sessionUser(request);
  return Boolean(user?.ageVerifiedAt);
}

/**
 * Refuses with 403 age_check_required when `what` needs the age check and this browser has not
 * passed it. Features call it before serving the voice call or an explicit medium.
 */
export async function requireAgeChecked(request: FastifyRequest, what: AgeGated = 'media'): Promise<void> {
  if (!ageCheckNeeded(request.server.ctx.config.ageCheck.gates, what)) return;
  if (await isAgeChecked(request)) return;
  throw ageCheckRequired();
}
