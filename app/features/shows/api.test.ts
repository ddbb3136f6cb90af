import { describe, expect, it } from 'vitest';
import { listRefreshIn, SHOWS_REFRESH_MS } from './api.ts';

describe('show list refresh', () => {
  const fetched = 1_700_000_000_000;

  it('refreshes 10 minutes after the last fetch', () => {
    expect(listRefreshIn([], fetched, fetched)).toBe(SHOWS_REFRESH_MS);
    expect(listRefreshIn([], fetched, fetched + 60_000)).toBe(SHOWS_REFRESH_MS - 60_000);
  });

  it('refreshes when a running promo stops, if that is sooner', () => {
    const stop = (fetched + 120_000) / 1000;
    expect(listRefreshIn([{ stop }], fetched, fetched)).toBe(120_000);
    expect(listRefreshIn([{ stop: (fetched + 3_600_000) / 1000 }], fetched, fetched)).toBe(SHOWS_REFRESH_MS);
  });

  it('ignores promos that had stopped before the fetch, and never answers less than a second', () => {
    expect(listRefreshIn([{ stop: (fetched - 5000) / 1000 }], fetched, fetched)).toBe(SHOWS_REFRESH_MS);
    expect(listRefreshIn([], fetched, fetched + SHOWS_REFRESH_MS + 5000)).toBe(1000);
  });
});
