import { NICKNAME_MAX, NICKNAME_MIN, NICKNAME_PATTERN, RESERVED_NICKNAMES } from '../constants.ts';

/** 3 to 15 letters, digits, dot, underscore or hyphen (spec part 2 section 5). */
export const isValidNickname = (value: string) =>
  value.length >= NICKNAME_MIN && value.length <= NICKNAME_MAX && NICKNAME_PATTERN.test(value);

/** "guest" belongs to free chat and is nobody's, in any spelling. */
export const isReservedNickname = (value: string) =>
  (RESERVED_NICKNAMES as readonly string[]).includes(value.trim().toLowerCase());
