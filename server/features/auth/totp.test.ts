import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp.ts';

/** RFC 6238 appendix B, SHA-1: the key is the ASCII "12345678901234567890". */
const RFC_KEY = Buffer.from('12345678901234567890');
const RFC_SECRET = base32Encode(RFC_KEY);

describe('base32 (RFC 4648)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %s and back', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    if (encoded) expect(base32Decode(encoded)?.toString()).toBe(plain);
  });

  it('reads keys as people type them, and refuses what is not base32', () => {
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeNull();
    expect(base32Decode('MZXW8')).toBeNull();
    expect(base32Decode('')).toBeNull();
  });

  it('makes new keys of 160 random bits', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });
});

describe('TOTP (RFC 6238, SHA-1, 30 s)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the appendix B code at %i s (8 digits), and its last 6 digits', (seconds, code) => {
    const step = totpStep(seconds * 1000);
    expect(totpCode(RFC_KEY, step, 8)).toBe(code);
    expect(totpCode(RFC_KEY, step)).toBe(code.slice(-6));
  });

  it('accepts the code of the step before, now and after, and names that step', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_KEY, step), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_KEY, step - 1), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_KEY, step + 1), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, malformed codes and broken keys', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const far = [totpCode(RFC_KEY, step - 2), totpCode(RFC_KEY, step + 2)];
    const near = [step - 1, step, step + 1].map((s) => totpCode(RFC_KEY, s));
    for (const code of far.filter((c) => !near.includes(c))) expect(matchTotp(RFC_SECRET, code, now)).toBeNull();
    const good = totpCode(RFC_KEY, step);
    for (const code of ['', '12345', '1234567', ` ${good}`, good.replace(/\d$/, 'x'), '１２３４５６']) {
      expect(matchTotp(RFC_SECRET, code, now)).toBeNull();
    }
    expect(matchTotp('not base32!', good, now)).toBeNull();
  });
});

describe('otpauth:// addresses', () => {
  it('name the issuer and account and carry the key and its parameters', () => {
    const uri = otpauthUri({ issuer: 'LiveCam Admin', account: 'ops@example.com', secret: 'MZXW6YTBOI' });
    expect(uri).toBe(
      'otpauth://totp/LiveCam%20Admin:ops%40example.com?secret=MZXW6YTBOI&issuer=LiveCam%20Admin&algorithm=SHA1&digits=6&period=30',
    );
  });
});
