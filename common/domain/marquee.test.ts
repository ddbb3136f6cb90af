import { describe, expect, it } from 'vitest';
import { marqueeSeconds } from './marquee.ts';

describe('marqueeSeconds', () => {
  it('does not run for text that fits, or a box not laid out', () => {
    expect(marqueeSeconds(100, 120)).toBeNull();
    expect(marqueeSeconds(120, 120)).toBeNull();
    expect(marqueeSeconds(121, 120)).toBeNull();
    expect(marqueeSeconds(100, 0)).toBeNull();
  });

  it('runs 4 s when less than half is hidden, 10 s when more', () => {
    expect(marqueeSeconds(150, 120)).toBe(4);
    expect(marqueeSeconds(239, 120)).toBe(4);
    expect(marqueeSeconds(240, 120)).toBe(10);
    expect(marqueeSeconds(600, 120)).toBe(10);
  });
});
