import type { ChatStartError } from '#common/api/chat.ts';
import { AppError, type ErrorCode } from '#server/errors.ts';

const STATUS: Partial<Record<ChatStartError, ErrorCode>> = {
  'chat.not_verfified': 'not_verified',
  'chat.no_coins': 'no_coins',
  'chat.invalid_session_type': 'validation_failed',
};

/** A chat start (or tip) refused: the spec's key is the first (and only) key of `errors`. */
export function chatRefused(key: ChatStartError): AppError {
  return new AppError(STATUS[key] ?? 'conflict', { message: key, errors: { [key]: [key] } });
}
