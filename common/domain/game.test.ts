import { describe, expect, it } from 'vitest';
import {
  chancePercent,
  drawSpin,
  expectedValue,
  GAME_TOTAL_WEIGHT,
  gameDay,
  LOSS_WEIGHT,
  nextGameDayStart,
  PRIZE_TABLE,
  type RandomInt,
  REEL_SYMBOLS,
} from './game.ts';

/** A seeded source (mulberry32): the same seed gives the same spins on every run. */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(unit * max);
  };
}

/** A source answering the given numbers in turn. */
const scripted = (...values: number[]): RandomInt => {
  const queue = [...values];
  return (max) => {
    const v = queue.shift();
    if (v === undefined || v >= max) throw new Error(`scripted source exhausted or out of range (${v} / ${max})`);
    return v;
  };
};

describe('prize table', () => {
  it('weighs 100 in all, one line per symbol, and documents the expected value', () => {
    expect(GAME_TOTAL_WEIGHT).toBe(100);
    expect(PRIZE_TABLE.map((l) => l.symbol).sort()).toEqual([...REEL_SYMBOLS].sort());
    const ev = expectedValue();
    expect(ev.coins).toBeCloseTo(1.0, 10);
    expect(ev.unlocks).toBeCloseTo(0.03, 10);
    expect(ev.bonusPercent).toBeCloseTo(3.0, 10);
    expect(ev.winChance).toBeCloseTo(0.35, 10);
    expect(chancePercent(LOSS_WEIGHT)).toBe(65);
  });

  it('reaches every line and a loss, each at its weight', () => {
    for (let n = 0; n < GAME_TOTAL_WEIGHT; n++) {
      const { line, reels } = drawSpin(scripted(n, 0, 1, 2));
      if (line) expect(reels).toEqual([line.symbol, line.symbol, line.symbol]);
      else expect(n).toBeGreaterThanOrEqual(GAME_TOTAL_WEIGHT - LOSS_WEIGHT);
    }
    const hits = new Map<string, number>();
    for (let n = 0; n < GAME_TOTAL_WEIGHT; n++) {
      const key = drawSpin(scripted(n, 0, 1, 2)).line?.symbol ?? 'loss';
      hits.set(key, (hits.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(hits)).toEqual({
      ...Object.fromEntries(PRIZE_TABLE.map((l) => [l.symbol, l.weight])),
      loss: LOSS_WEIGHT,
    });
  });

  it('never shows three of a kind for a loss', () => {
    // All three reels drawn alike: the third moves to another symbol.
    for (let s = 0; s < REEL_SYMBOLS.length; s++) {
      for (let k = 0; k < REEL_SYMBOLS.length - 1; k++) {
        const { line, reels } = drawSpin(scripted(99, s, s, s, k));
        expect(line).toBeNull();
        expect(new Set(reels).size).toBe(2);
      }
    }
  });

  it('follows the weights over 200,000 seeded spins, losses included', () => {
    const random = seeded(20261124);
    const spins = 200_000;
    const counts = new Map<string, number>();
    let lossTriples = 0;
    for (let i = 0; i < spins; i++) {
      const { line, reels } = drawSpin(random);
      const key = line?.symbol ?? 'loss';
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (!line && reels[0] === reels[1] && reels[1] === reels[2]) lossTriples++;
    }
    expect(lossTriples).toBe(0);
    for (const [key, weight] of [...PRIZE_TABLE.map((l) => [l.symbol, l.weight] as const), ['loss', LOSS_WEIGHT]]) {
      const expected = (spins * Number(weight)) / GAME_TOTAL_WEIGHT;
      // Within 5 standard deviations of the binomial: a broken table is far outside, luck is not.
      const sd = Math.sqrt(expected * (1 - Number(weight) / GAME_TOTAL_WEIGHT));
      expect(Math.abs((counts.get(String(key)) ?? 0) - expected), String(key)).toBeLessThan(5 * sd);
    }
  });
});

describe('game day (Europe/Berlin)', () => {
  it('turns at midnight in Berlin, not in UTC', () => {
    expect(gameDay(new Date('2026-11-24T22:59:59Z'))).toBe('2026-11-24');
    expect(gameDay(new Date('2026-11-24T23:00:00Z'))).toBe('2026-11-25');
    expect(gameDay(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(gameDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('names the next midnight in Berlin as the next spin, across daylight saving switches', () => {
    expect(nextGameDayStart(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(nextGameDayStart(new Date('2026-11-24T23:00:00Z')).toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(nextGameDayStart(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-01T22:00:00.000Z');
    // Summer time starts on 29 March 2026 and ends on 25 October 2026.
    expect(nextGameDayStart(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(nextGameDayStart(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(nextGameDayStart(new Date('2026-10-25T12:00:00Z')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(nextGameDayStart(new Date('2026-10-24T12:00:00Z')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });
});
