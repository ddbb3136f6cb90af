import type { FastifyRequest } from 'fastify';
import { CONSOLE_ACTION_HEADER, consoleActionKey } from '#common/api/admin.ts';
import type { ConsoleCapability } from '#common/domain/console-policy.ts';
import { AppError } from '#server/errors.ts';

/**
 * The key a console action names itself with (header `Idempotency-Key`), which its audit entry
 * keeps: a second request under one key is refused by the log and answered `repeat`. A missing
 * or malformed key is a 400 before anything changes.
 */
export function actionKeyOf(request: FastifyRequest): string {
  const parsed = consoleActionKey.safeParse(request.headers[CONSOLE_ACTION_HEADER]);
  if (!parsed.success) throw new AppError('bad_request', { message: 'action_key' });
  return parsed.data;
}

/** A console route's config: operators only, whose roles hold `capability`. */
export const forOperators = (capability: ConsoleCapability) => ({ audience: 'operator' as const, capability });
