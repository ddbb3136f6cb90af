import { NICKNAME_MAX, NICKNAME_MIN, NICKNAME_PATTERN } from '../constants.ts';
import { type NameRefusal, type NameRules, nameRefusal } from './name-blocklist.ts';

/** 3 to 15 letters, digits, dot, underscore or hyphen (spec part 2 section 5). */
export const isValidNickname = (value: string) =>
  value.length >= NICKNAME_MIN && value.length <= NICKNAME_MAX && NICKNAME_PATTERN.test(value);

/** The message key for a nickname nobody may use ("guest", staff and site names, offensive words), or null. */
export function nicknameRefusalKey(value: string, rules: NameRules): string | null {
  const why: NameRefusal | null = nameRefusal(value.trim(), rules);
  return why ? `errors.validations.nickname.${why}` : null;
}
