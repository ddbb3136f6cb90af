import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ConsoleCapability, may } from '#common/domain/console-policy.ts';
import { siteOrigins } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { fromOwnSite } from '#server/http/page-forms.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import { refusalPage, sendHtml } from './html.ts';
import { type SignedInOperator, signedInOperator, signInUrl } from './session.ts';
import { operatorFormToken } from './tokens.ts';

export type ConsoleGate = { signedIn: SignedInOperator } | { refused: FastifyReply };

/**
 * The operator of a console request, or the answer already given: the sign-in page (coming back
 * to `path`) for nobody signed in, 403 for an operator whose roles lack `capability`.
 * Every console route starts here.
 */
export async function consoleOperator(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  capability: ConsoleCapability,
  path: string,
): Promise<ConsoleGate> {
  const signedIn = await signedInOperator(ctx, request);
  if (!signedIn) return { refused: reply.redirect(signInUrl(path), 303) };
  if (!may(signedIn.operator.roles, capability)) {
    return { refused: sendHtml(reply, 403, refusalPage(request.locale, 'forbidden')) };
  }
  return { signedIn };
}

/** The token the console's forms carry: bound to the operator's session, rotating with it. */
export const consoleFormToken = (ctx: AppContext, signedIn: SignedInOperator) =>
  operatorFormToken(ctx.config.sessionSecret, signedIn.token);

/**
 * Whether a posted console form is genuine: sent from this site, carrying the token of the
 * session that posts it. A form of another site, or of an earlier session, is refused.
 */
export function consoleFormValid(ctx: AppContext, request: FastifyRequest, signedIn: SignedInOperator, token: unknown) {
  if (!fromOwnSite(request, siteOrigins(ctx.config)) || typeof token !== 'string' || !token) return false;
  return safeEqual(token, consoleFormToken(ctx, signedIn));
}

/** An id from a console path, or null for anything that cannot be one (a positive int4). */
export const pathId = (raw: string): number | null =>
  /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2 ** 31 - 1 ? Number(raw) : null;
