import { describe, expect, it } from 'vitest';
import { EXCLUSIVE_AVAILABLE, EXCLUSIVE_ONLY } from './prices.ts';
import { EXCLUSIVE_NONE, exclusiveModeOf, type ShowSettings, showSettingsUpdate } from './show-settings.ts';

describe('exclusive mode of a stored mask', () => {
  it('reads each bit as its mode, and "only" where both are set', () => {
    expect(exclusiveModeOf(0)).toBe(EXCLUSIVE_NONE);
    expect(exclusiveModeOf(EXCLUSIVE_AVAILABLE)).toBe(EXCLUSIVE_AVAILABLE);
    expect(exclusiveModeOf(EXCLUSIVE_ONLY)).toBe(EXCLUSIVE_ONLY);
    expect(exclusiveModeOf(EXCLUSIVE_AVAILABLE | EXCLUSIVE_ONLY)).toBe(EXCLUSIVE_ONLY);
  });
});

describe('the show update after her settings changed', () => {
  const before: ShowSettings = { free: true, pricePerMinute: 30, priceFactorExclusive: 150, exclusive: 0 };

  it('is nothing when nothing changed', () => {
    expect(showSettingsUpdate(before, { ...before })).toBeNull();
  });

  it('carries free and the flags when free chat is switched', () => {
    expect(showSettingsUpdate(before, { ...before, free: false })).toEqual({
      free: false,
      flags: { free: false, exclusive: 0 },
    });
  });

  it('carries the flags but not free when only the exclusive offer changes', () => {
    expect(showSettingsUpdate(before, { ...before, exclusive: EXCLUSIVE_ONLY })).toEqual({
      flags: { free: true, exclusive: EXCLUSIVE_ONLY },
    });
  });

  it('carries each changed price alone', () => {
    expect(showSettingsUpdate(before, { ...before, pricePerMinute: 45 })).toEqual({ pricePerMinute: 45 });
    expect(showSettingsUpdate(before, { ...before, priceFactorExclusive: 200 })).toEqual({
      priceFactorExclusive: 200,
    });
  });
});
