import { AppError, type ErrorCode } from '#server/errors.ts';

/** Why a message was not sent; each is an i18n key in both catalogs. */
export const MESSAGE_REFUSALS = {
  'messages.price_changed': 'conflict',
  'messages.no_coins': 'no_coins',
  'messages.blocked_by_show': 'forbidden',
  'messages.unblock_first': 'conflict',
  'messages.blocked_member': 'conflict',
  'messages.attachment_locked': 'conflict',
} as const satisfies Record<string, ErrorCode>;
export type MessageRefusal = keyof typeof MESSAGE_REFUSALS;

/** A send (or unlock) refused: the key is the message and the first key of `errors`, as the chat's refusals. */
export function messageRefused(key: MessageRefusal): AppError {
  return new AppError(MESSAGE_REFUSALS[key], { message: key, errors: { [key]: [key] } });
}
