import { describe, expect, it } from 'vitest';
import { xmasActive, xmasWindow } from './seasons.ts';

describe('xmasWindow', () => {
  it('knows when the next season starts: this year before it, next year after it', () => {
    expect(xmasWindow(new Date('2026-11-24T10:00:00Z')).nextStart.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(xmasWindow(new Date('2026-12-27T00:00:00Z')).nextStart.toISOString()).toBe('2027-12-01T00:00:00.000Z');
    const inside = xmasWindow(new Date('2026-12-05T00:00:00Z'));
    expect(inside.active).toBe(true);
    expect(inside.end.toISOString()).toBe('2026-12-27T00:00:00.000Z');
    expect(xmasActive(new Date('2026-07-01T00:00:00Z'))).toBe(false);
  });
});
