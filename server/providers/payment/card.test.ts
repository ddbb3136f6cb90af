import { describe, expect, it } from 'vitest';
import { checkCard, decide, expiryValid, luhnValid } from './card.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('sandbox card checks', () => {
  it('knows valid and invalid card numbers (Luhn)', () => {
    for (const n of [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '4000000000003220',
      '5555555555554444',
    ]) {
      expect(luhnValid(n)).toBe(true);
    }
    for (const n of ['4242424242424241', '1234', '42424242424242424242', 'abcd']) expect(luhnValid(n)).toBe(false);
  });

  it('accepts expiry dates through the end of their month', () => {
    expect(expiryValid('11/26', NOW)).toBe(true);
    expect(expiryValid('10/26', NOW)).toBe(false);
    expect(expiryValid('01/2030', NOW)).toBe(true);
    expect(expiryValid('13/27', NOW)).toBe(false);
    expect(expiryValid('00/27', NOW)).toBe(false);
  });

  it('names every wrong field', () => {
    expect(checkCard({ number: '', expiry: '', cvc: '', holder: '' }, NOW)).toEqual({
      number: 'number_required',
      expiry: 'expiry_required',
      cvc: 'cvc_invalid',
      holder: 'holder_required',
    });
    expect(
      checkCard({ number: '4242 4242 4242 4241', expiry: '1/2', cvc: '12345', holder: 'x'.repeat(101) }, NOW),
    ).toEqual({
      number: 'number_invalid',
      expiry: 'expiry_invalid',
      cvc: 'cvc_invalid',
      holder: 'holder_invalid',
    });
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123', holder: 'A' }, NOW)).toEqual({
      expiry: 'expiry_past',
    });
    expect(checkCard({ number: '4242-4242-4242-4242', expiry: '12/30', cvc: '1234', holder: 'A B' }, NOW)).toEqual({});
  });

  it('decides as the test cards say', () => {
    expect(decide('4242424242424242')).toEqual({ kind: 'approve' });
    expect(decide('4000000000000002')).toEqual({ kind: 'decline', code: 'card_declined' });
    expect(decide('4000000000009995')).toEqual({ kind: 'decline', code: 'insufficient_funds' });
    expect(decide('4000000000003220')).toEqual({ kind: 'challenge' });
    expect(decide('5555555555554444')).toEqual({ kind: 'decline', code: 'card_declined' });
  });
});
