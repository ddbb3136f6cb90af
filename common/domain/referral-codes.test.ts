import { describe, expect, it } from 'vitest';
import {
  codeProblem,
  codeState,
  firstPurchaseCoins,
  GENERATED_CODE_ALPHABET,
  GENERATED_CODE_LENGTH,
  generatedCode,
  mayIssueAnother,
  normalCode,
  REFERRAL_ACTIVE_MAX,
  REFERRAL_CODE_ERRORS,
  signUpCode,
} from './referral-codes.ts';

describe('a referral code’s text', () => {
  it('is compared trimmed and in upper case', () => {
    expect(normalCode('  lena-Vip ')).toBe('LENA-VIP');
  });

  it('takes 4 to 20 letters and digits with single hyphens inside', () => {
    for (const ok of ['ABCD', 'LENA-VIP', 'A1-B2-C3', 'X'.repeat(20), '2024']) expect(codeProblem(ok), ok).toBeNull();
    for (const short of ['', 'ABC', 'A-B']) expect(codeProblem(short), short).toBe(REFERRAL_CODE_ERRORS.length);
    expect(codeProblem('X'.repeat(21))).toBe(REFERRAL_CODE_ERRORS.length);
    for (const bad of ['-ABCD', 'ABCD-', 'AB--CD', 'AB CD', 'ÄBCD', 'AB_CD', 'AB.CD', 'abcd']) {
      expect(codeProblem(bad), bad).toBe(REFERRAL_CODE_ERRORS.characters);
    }
  });

  it('is generated from the unambiguous alphabet, one sign per byte, evenly', () => {
    const bytes = Uint8Array.from({ length: GENERATED_CODE_LENGTH }, (_, i) => i * 37);
    const code = generatedCode(bytes);
    expect(code).toHaveLength(GENERATED_CODE_LENGTH);
    expect([...code].every((c) => GENERATED_CODE_ALPHABET.includes(c))).toBe(true);
    expect(codeProblem(code)).toBeNull();
    expect(generatedCode(new Uint8Array(8))).toBe('AAAAAAAA');
    expect(generatedCode(new Uint8Array(8).fill(255))).toBe('99999999');
    expect(GENERATED_CODE_ALPHABET).not.toMatch(/[01IO]/);
    expect(() => generatedCode(new Uint8Array(3))).toThrow(RangeError);
  });
});

describe('how many codes a performer holds', () => {
  it('allows another until the active maximum', () => {
    expect(mayIssueAnother(0)).toBe(true);
    expect(mayIssueAnother(REFERRAL_ACTIVE_MAX - 1)).toBe(true);
    expect(mayIssueAnother(REFERRAL_ACTIVE_MAX)).toBe(false);
  });
});

describe('a code’s state', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const code = { retiredAt: null, expiresAt: null, maxUses: null, uses: 3 };
  it('is retired before anything else, then expired, then used up', () => {
    expect(codeState(code, now)).toBe('active');
    expect(codeState({ ...code, retiredAt: now, expiresAt: now, maxUses: 1 }, now)).toBe('retired');
    expect(codeState({ ...code, expiresAt: now, maxUses: 1 }, now)).toBe('expired');
    expect(codeState({ ...code, expiresAt: new Date('2026-05-02T00:00:00Z'), maxUses: 3 }, now)).toBe('used_up');
    expect(codeState({ ...code, maxUses: 4 }, now)).toBe('active');
  });
});

describe('what a code is credited with', () => {
  it('credits a sign-up to the code the session holds, if it looks like one', () => {
    expect(signUpCode('lena-vip')).toBe('LENA-VIP');
    for (const none of [undefined, null, 42, '', 'AB', 'A B C', 'x'.repeat(65), { code: 'ABCD' }]) {
      expect(signUpCode(none), String(none)).toBeNull();
    }
  });

  it('counts the coins of a first purchase without its bonus', () => {
    expect(firstPurchaseCoins({ coins: 500, bonusCoins: 50 })).toBe(500);
  });
});
