import type { FastifyRequest } from 'fastify';
import { may } from '#common/domain/console-policy.ts';
import { forbidden, unauthenticated } from '#server/errors.ts';
import { routeConfigOf } from '#server/http/api-request.ts';
import { type SignedInOperator, signedInOperator } from './session.ts';

/** The operator of the console cookie, looked up once per request (null: none, or not a live one). */
export async function knownOperator(request: FastifyRequest): Promise<SignedInOperator | null> {
  if (request.operator === undefined) request.operator = await signedInOperator(request.server.ctx, request);
  return request.operator;
}

/**
 * The gate of every console API route (audience `operator`): 401 for a caller with no operator
 * session, 403 for a member (her session is no operator's) and for an operator whose roles lack
 * the route's capability. Handlers call it again for the operator, which the request keeps.
 */
export async function requireOperator(request: FastifyRequest): Promise<SignedInOperator> {
  const signedIn = await knownOperator(request);
  if (!signedIn) throw request.session?.userId ? forbidden() : unauthenticated();
  const { capability } = routeConfigOf(request);
  if (capability && !may(signedIn.operator.roles, capability)) throw forbidden();
  return signedIn;
}
