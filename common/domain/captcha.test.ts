import { describe, expect, it } from 'vitest';
import { CAPTCHA_MIN_FORM_MS, captchaReason } from './captcha.ts';

const limits = (freePerHour: number) => ({ freePerHour, minFormMs: CAPTCHA_MIN_FORM_MS });

const person = { earlierAttempts: 0, honeypot: '', formMs: 25_000 };

describe('captchaReason', () => {
  it('asks nobody who looks like a person: first attempts, empty honeypot, a normal pace', () => {
    expect(captchaReason(person, limits(3))).toBeNull();
    expect(captchaReason({ ...person, earlierAttempts: 2 }, limits(3))).toBeNull();
  });

  it('asks from the attempt after the free ones from one address', () => {
    expect(captchaReason({ ...person, earlierAttempts: 3 }, limits(3))).toBe('address');
    expect(captchaReason({ ...person, earlierAttempts: 40 }, limits(3))).toBe('address');
    // 0 free: every registration solves one.
    expect(captchaReason(person, limits(0))).toBe('address');
  });

  it('asks when the honeypot is filled, whitespace only does not count', () => {
    expect(captchaReason({ ...person, honeypot: 'https://spam.example' }, limits(3))).toBe('honeypot');
    expect(captchaReason({ ...person, honeypot: '   ' }, limits(3))).toBeNull();
  });

  it('asks when the form came back faster than a person types', () => {
    expect(captchaReason({ ...person, formMs: CAPTCHA_MIN_FORM_MS - 1 }, limits(3))).toBe('too_fast');
    expect(captchaReason({ ...person, formMs: 0 }, limits(3))).toBe('too_fast');
    expect(captchaReason({ ...person, formMs: CAPTCHA_MIN_FORM_MS }, limits(3))).toBeNull();
  });

  it('asks when the timing is missing: the form always sends it, a script leaving it out does not dodge the rule', () => {
    expect(captchaReason({ earlierAttempts: 0 }, limits(3))).toBe('no_timing');
    expect(captchaReason({ earlierAttempts: 0, honeypot: '' })).toBe('no_timing');
    expect(captchaReason({ ...person, formMs: undefined }, limits(3))).toBe('no_timing');
    // The honeypot is named first; the timing rule switched off (0) lets a missing timing pass.
    expect(captchaReason({ earlierAttempts: 0, honeypot: 'x' }, limits(3))).toBe('honeypot');
    expect(captchaReason({ earlierAttempts: 0 }, { freePerHour: 3, minFormMs: 0 })).toBeNull();
    expect(captchaReason({ earlierAttempts: 3 }, { freePerHour: 3, minFormMs: 0 })).toBe('address');
  });

  it('uses the defaults (3 free, 3 s) and lets the operator switch the timing off', () => {
    expect(captchaReason({ earlierAttempts: 3, formMs: 3_000 })).toBe('address');
    expect(captchaReason({ earlierAttempts: 2, formMs: 2_999 })).toBe('too_fast');
    expect(captchaReason({ earlierAttempts: 0, formMs: 10 }, { freePerHour: 3, minFormMs: 0 })).toBeNull();
  });

  it('names the honeypot first when several signs come together', () => {
    expect(captchaReason({ earlierAttempts: 9, honeypot: 'x', formMs: 10 }, limits(3))).toBe('honeypot');
    expect(captchaReason({ earlierAttempts: 9, formMs: 10 }, limits(3))).toBe('too_fast');
  });
});
