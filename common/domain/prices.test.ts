import { describe, expect, it } from 'vitest';
import { chatPrices, exclusivePrice } from './prices.ts';

describe('exclusive price', () => {
  it('is price x factor / 100, rounded', () => {
    expect(exclusivePrice(30, 150)).toBe(45);
    expect(exclusivePrice(33, 150)).toBe(50); // 49.5 rounds up
    expect(exclusivePrice(29, 133)).toBe(39); // 38.57
    expect(exclusivePrice(10, 100)).toBe(10);
    expect(exclusivePrice(0, 200)).toBe(0);
  });
});

describe('chat prices', () => {
  const show = (exclusive: number) => ({ pricePerMinute: 40, priceFactorExclusive: 175, flags: { exclusive } });

  it('offers private only without an exclusive bit', () => {
    expect(chatPrices(show(0))).toEqual({ private: 40, exclusive: null, exclusiveOnly: false });
  });

  it('adds the exclusive price with bit 1', () => {
    expect(chatPrices(show(1))).toEqual({ private: 40, exclusive: 70, exclusiveOnly: false });
  });

  it('offers exclusive only with bit 2, alone or with bit 1', () => {
    expect(chatPrices(show(2))).toEqual({ private: null, exclusive: 70, exclusiveOnly: true });
    expect(chatPrices(show(3))).toEqual({ private: null, exclusive: 70, exclusiveOnly: true });
  });
});
