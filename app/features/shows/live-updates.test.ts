import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { teaserQuery } from './api.ts';
import { applyShowUpdates, patchShows } from './live-updates.ts';
import { showsPage, showTile } from './testing.ts';

const tile = (universalId: string, online: boolean) => ({ universalId, showName: universalId, online, previews: [1] });

describe('show update patcher', () => {
  it('updates every show with a named universalId, deep in any shape', () => {
    const data = {
      current_page: 1,
      data: [tile('anna', false), tile('bea', true)],
      promos: [{ id: 1, universalId: 'anna', stop: 5 }],
    };
    const out = patchShows(data, { anna: { online: true } });
    expect(out.data[0]?.online).toBe(true);
    expect(out.data[1]).toBe(data.data[1]);
    // A promo has no online field: it gets none.
    expect(out.promos[0]).toBe(data.promos[0]);
    expect(out.promos[0]).not.toHaveProperty('online');
    expect(data.data[0]?.online).toBe(false);
  });

  it('updates favorites at both levels and infinite pages', () => {
    const favorites = { data: [{ id: 1, universalId: 'anna', online: false, show: tile('anna', false) }], online: 0 };
    const out = patchShows(favorites, { anna: { online: true } });
    expect(out.data[0]?.online).toBe(true);
    expect(out.data[0]?.show.online).toBe(true);
    const infinite = { pages: [{ data: [tile('x', true)] }, { data: [tile('anna', true)] }], pageParams: [1, 2] };
    const next = patchShows(infinite, { x: { online: false } });
    expect(next.pages[0]?.data[0]?.online).toBe(false);
    expect(next.pages[1]).toBe(infinite.pages[1]);
  });

  it('answers the same reference when nothing changes', () => {
    const data = { data: [tile('anna', true)] };
    expect(patchShows(data, { anna: { online: true } })).toBe(data);
    expect(patchShows(data, { other: { online: false } })).toBe(data);
    expect(patchShows('text', { anna: { online: true } })).toBe('text');
    expect(patchShows(null, { anna: { online: true } })).toBeNull();
  });

  it("takes a performer's new prices and flags into her tiles", () => {
    const data = { data: [showTile({ flags: { free: false, exclusive: 0 }, pricePerMinute: 30 })] };
    const out = patchShows(data, {
      'u-anna': { free: true, flags: { free: true, exclusive: 2 }, pricePerMinute: 45, priceFactorExclusive: 200 },
    });
    expect(out.data[0]).toMatchObject({
      flags: { free: true, exclusive: 2 },
      pricePerMinute: 45,
      priceFactorExclusive: 200,
    });
    // A tile has no top-level free: it gets none.
    expect(out.data[0]).not.toHaveProperty('free');
  });

  it('ignores values of another type', () => {
    const data = { universalId: 'anna', online: true };
    expect(patchShows(data, { anna: { online: 'yes' as unknown as boolean } })).toBe(data);
  });

  it('patches every cached query and keeps their fetch times', () => {
    const client = new QueryClient();
    client.setQueryData(['shows', 'list', { page: 1 }], { data: [tile('anna', false)] }, { updatedAt: 1000 });
    client.setQueryData(['shows', 'detail', 'anna'], { ...tile('anna', false), isFavorite: true }, { updatedAt: 2000 });
    client.setQueryData(['favorites'], { data: [{ id: 1, universalId: 'anna', online: false }], online: 0 });
    client.setQueryData(['session'], { user: null });
    const session = client.getQueryData(['session']);
    applyShowUpdates(client, { anna: { online: true } });
    expect(client.getQueryData<{ data: { online: boolean }[] }>(['shows', 'list', { page: 1 }])?.data[0]?.online).toBe(
      true,
    );
    expect(client.getQueryData<{ online: boolean }>(['shows', 'detail', 'anna'])?.online).toBe(true);
    expect(client.getQueryData<{ data: { online: boolean }[] }>(['favorites'])?.data[0]?.online).toBe(true);
    expect(client.getQueryState(['shows', 'list', { page: 1 }])?.dataUpdatedAt).toBe(1000);
    expect(client.getQueryState(['shows', 'detail', 'anna'])?.dataUpdatedAt).toBe(2000);
    expect(client.getQueryData(['session'])).toBe(session);
  });

  it('ignores a malformed payload', () => {
    const client = new QueryClient();
    client.setQueryData(['x'], { data: [tile('anna', false)] });
    const before = client.getQueryData(['x']);
    applyShowUpdates(client, null as unknown as Record<string, never>);
    applyShowUpdates(client, [] as unknown as Record<string, never>);
    expect(client.getQueryData(['x'])).toBe(before);
  });

  it('a performer who goes offline leaves the "Online now" teaser at once, and only online ones show', () => {
    const client = new QueryClient();
    const ids = ['a', 'b', 'c', 'd', 'e'];
    client.setQueryData(
      teaserQuery.queryKey,
      showsPage(ids.map((id, i) => showTile({ id: i + 1, universalId: id, online: true }))),
    );
    const teaser = new QueryObserver(client, teaserQuery);
    const unsubscribe = teaser.subscribe(() => {});
    const shown = () => teaser.getCurrentResult().data?.map((s) => s.universalId);
    expect(shown()).toEqual(['a', 'b', 'c', 'd']);
    applyShowUpdates(client, { b: { online: false } });
    expect(shown()).toEqual(['a', 'c', 'd', 'e']);
    applyShowUpdates(client, { a: { online: false }, c: { online: false } });
    expect(shown()).toEqual(['d', 'e']);
    applyShowUpdates(client, { b: { online: true } });
    expect(shown()).toEqual(['b', 'd', 'e']);
    unsubscribe();
  });
});
