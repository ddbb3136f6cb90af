import { describe, expect, it } from 'vitest';
import { INCENTIVE_DISABLED, INCENTIVE_OVERTIME_MS, INCENTIVE_WINDOW_MS } from '../constants.ts';
import { incentiveStart, incentiveWindowOpen, welcomeGiftFor, welcomeVoucherCodes } from './welcome-gift.ts';

const START = 1_800_000_000; // seconds
const at = (msAfterStart: number) => START * 1000 + msAfterStart;
const LAST_MS = INCENTIVE_WINDOW_MS + INCENTIVE_OVERTIME_MS;

describe('incentiveStart', () => {
  it('keeps a proposal from the past and clamps one from the future to the server clock', () => {
    expect(incentiveStart(START - 60, at(0))).toBe(START - 60);
    expect(incentiveStart(START + 86_400, at(0))).toBe(START);
    expect(incentiveStart(START, at(999))).toBe(START);
  });

  it('lets the browser give the offer up', () => {
    expect(incentiveStart(INCENTIVE_DISABLED, at(0))).toBe(INCENTIVE_DISABLED);
  });
});

describe('incentiveWindowOpen', () => {
  it('is open from the start through 15 minutes and the 60 s of overtime, both ends included', () => {
    expect(incentiveWindowOpen(START, at(0))).toBe(true);
    expect(incentiveWindowOpen(START, at(INCENTIVE_WINDOW_MS))).toBe(true);
    expect(incentiveWindowOpen(START, at(LAST_MS))).toBe(true);
  });

  it('is closed a millisecond after the overtime and before the start', () => {
    expect(incentiveWindowOpen(START, at(LAST_MS + 1))).toBe(false);
    expect(incentiveWindowOpen(START, at(-1))).toBe(false);
  });

  it('is closed without a real timestamp', () => {
    for (const tsp of [null, undefined, INCENTIVE_DISABLED, 0]) expect(incentiveWindowOpen(tsp, at(0))).toBe(false);
  });
});

describe('welcomeGiftFor', () => {
  const offer = { video: 7, voucher: 25 };

  it('promises the offer inside the window', () => {
    expect(welcomeGiftFor({ startSeconds: START, offer, nowMs: at(LAST_MS) })).toEqual(offer);
    expect(welcomeGiftFor({ startSeconds: START, offer: { video: 7, voucher: null }, nowMs: at(1) })).toEqual({
      video: 7,
      voucher: null,
    });
  });

  it('promises nothing outside the window', () => {
    expect(welcomeGiftFor({ startSeconds: START, offer, nowMs: at(LAST_MS + 1) })).toBeNull();
    expect(welcomeGiftFor({ startSeconds: INCENTIVE_DISABLED, offer, nowMs: at(0) })).toBeNull();
  });

  it('promises nothing for an empty or broken offer, and drops the broken half', () => {
    expect(welcomeGiftFor({ startSeconds: START, offer: null, nowMs: at(0) })).toBeNull();
    expect(welcomeGiftFor({ startSeconds: START, offer: { video: null, voucher: null }, nowMs: at(0) })).toBeNull();
    expect(welcomeGiftFor({ startSeconds: START, offer: { video: 0, voucher: 0 }, nowMs: at(0) })).toBeNull();
    expect(welcomeGiftFor({ startSeconds: START, offer: { video: -3, voucher: 150 }, nowMs: at(0) })).toBeNull();
    expect(welcomeGiftFor({ startSeconds: START, offer: { video: 1.5, voucher: 10 }, nowMs: at(0) })).toEqual({
      video: null,
      voucher: 10,
    });
  });
});

describe('welcomeVoucherCodes', () => {
  it('names a video voucher per part for sale and the bonus, the same on a replay', () => {
    expect(welcomeVoucherCodes(42, 2)).toEqual({
      video: ['WELCOME-VIDEO-42-1', 'WELCOME-VIDEO-42-2'],
      voucher: 'WELCOME-BONUS-42',
    });
    expect(welcomeVoucherCodes(42, 2)).toEqual(welcomeVoucherCodes(42, 2));
    expect(welcomeVoucherCodes(42, 0).video).toEqual([]);
  });
});
