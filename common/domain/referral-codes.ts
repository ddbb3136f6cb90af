/**
 * Referral codes (spec part 2 "ruf"): the rules for a code's text, for how many a performer may
 * hold, and for what a code is credited with. Pure, so the studio, the console, the demo seed and
 * the tests read the same rules.
 */

/** A code's length once trimmed: long enough not to be guessed by chance, short enough to read out. */
export const REFERRAL_CODE_MIN = 4;
export const REFERRAL_CODE_MAX = 20;
/** What a request may send as a code at all: longer is refused before any rule is asked. */
export const REFERRAL_CODE_INPUT_MAX = 64;
/** Active (not retired) codes one performer may hold at once: enough for her channels, too few to spray. */
export const REFERRAL_ACTIVE_MAX = 10;
/** A generated code: 8 signs of 32 (40 bits), from an alphabet without 0/O and 1/I to misread. */
export const GENERATED_CODE_LENGTH = 8;
export const GENERATED_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Who issued a code: a performer for her show, or the platform (an operator) for a show it names. */
export const REFERRAL_ISSUERS = ['performer', 'platform'] as const;
export type ReferralIssuer = (typeof REFERRAL_ISSUERS)[number];

/** Why a code cannot be issued; each an i18n key both site catalogs word. */
export const REFERRAL_CODE_ERRORS = {
  length: 'errors.referral.code_length',
  characters: 'errors.referral.code_characters',
  taken: 'errors.referral.code_taken',
  tooMany: 'errors.referral.too_many_codes',
} as const;
export type ReferralCodeError = (typeof REFERRAL_CODE_ERRORS)[keyof typeof REFERRAL_CODE_ERRORS];

/**
 * A code as it is stored and compared: trimmed and in upper case, so "lena-vip" and "LENA-VIP"
 * are one code (unique case-insensitively by being stored in one case).
 */
export const normalCode = (raw: string): string => raw.trim().toUpperCase();

/** Letters A-Z and digits, with single hyphens inside: what can be typed on any keyboard and read aloud. */
const CODE_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

/** What is wrong with a (normalised) code's text, or null when it may be issued. */
export function codeProblem(code: string): ReferralCodeError | null {
  if (code.length < REFERRAL_CODE_MIN || code.length > REFERRAL_CODE_MAX) return REFERRAL_CODE_ERRORS.length;
  if (!CODE_PATTERN.test(code)) return REFERRAL_CODE_ERRORS.characters;
  return null;
}

/**
 * A generated code from `random` bytes (one per sign, at least GENERATED_CODE_LENGTH): 256 is a
 * multiple of 32, so each sign is equally likely.
 */
export function generatedCode(random: Uint8Array): string {
  if (random.length < GENERATED_CODE_LENGTH) throw new RangeError('not enough random bytes');
  let code = '';
  for (let i = 0; i < GENERATED_CODE_LENGTH; i++) {
    code += GENERATED_CODE_ALPHABET[(random[i] as number) % GENERATED_CODE_ALPHABET.length];
  }
  return code;
}

/** Whether a performer holding `active` codes may issue one more. */
export const mayIssueAnother = (active: number): boolean => active < REFERRAL_ACTIVE_MAX;

/** A code's state as lists show it; only an active code opens a stream. */
export type ReferralCodeState = 'active' | 'retired' | 'expired' | 'used_up';

export function codeState(
  code: { retiredAt: Date | null; expiresAt: Date | null; maxUses: number | null; uses: number },
  now: Date,
): ReferralCodeState {
  if (code.retiredAt !== null) return 'retired';
  if (code.expiresAt !== null && code.expiresAt <= now) return 'expired';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'used_up';
  return 'active';
}

/**
 * The code a sign-up is credited to: the last one her browser redeemed before she signed up (the
 * session keeps only the latest). Anything else in the session (an old shape, a tampered value)
 * credits nothing.
 */
export function signUpCode(redeemed: unknown): string | null {
  if (typeof redeemed !== 'string' || redeemed.length > REFERRAL_CODE_INPUT_MAX) return null;
  const code = normalCode(redeemed);
  return code.length >= 3 && /^[A-Z0-9-]+$/.test(code) ? code : null;
}

/**
 * What a referred member's first paid coin order counts for her code: the coins she paid for,
 * without bonus coins (a package's or a coupon's), which no purchase brought. Only the first paid
 * order counts; her later ones are not the code's doing.
 */
export const firstPurchaseCoins = (order: { coins: number; bonusCoins: number }): number => order.coins;
