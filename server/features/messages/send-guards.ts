import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, idempotencyKey } from '#common/api/messages.ts';
import { MESSAGE_SEND_RATE } from '#common/constants.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, throttled } from '#server/errors.ts';

/** What every send of a message checks first, whoever sends it (a member, a performer). */

/** The send's key from the Idempotency-Key header; none is allowed, a malformed one is not (422). */
export function sendKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const parsed = idempotencyKey.safeParse(raw);
  if (!parsed.success)
    throw new AppError('validation_failed', { errors: { [IDEMPOTENCY_HEADER]: ['errors.validations.invalid'] } });
  return parsed.data;
}

/** MESSAGE_SEND_RATE per sender (a member by her id, a performer as `performer:<id>`), else 429 throttled. */
export async function allowSend(ctx: Pick<AppContext, 'throttle'>, sender: number | string): Promise<void> {
  const r = await ctx.throttle.hit(`messages:send:${sender}`, MESSAGE_SEND_RATE.max, MESSAGE_SEND_RATE.windowMs / 1000);
  if (!r.allowed) throw throttled(r.retryAfter);
}
