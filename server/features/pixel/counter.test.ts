import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { MAX_HELD_KEYS, MAX_PENDING_KEYS, pageViewCounter } from './counter.ts';

/** A database whose insert records the rows, or fails while `down` is set. */
function fakeDb() {
  const written: unknown[][] = [];
  const state = { down: false };
  const db = {
    insert: () => ({
      values: (rows: unknown[]) => ({
        onConflictDoUpdate: async () => {
          if (state.down) throw new Error('database away');
          written.push(rows);
        },
      }),
    }),
  } as unknown as DbOrTx;
  return { db, written, state };
}

const key = { day: '2026-11-24', websiteId: 19, webid: 1, host: 'cams.example' };

describe('page view counter', () => {
  it('sums views per key in memory and writes them as one statement', async () => {
    const { db, written } = fakeDb();
    const counter = pageViewCounter(() => db);
    counter.count(key, false);
    counter.count(key, true);
    counter.count({ ...key, host: 'cams.example.de' }, false);
    expect(counter.pending()).toBe(3);
    await counter.flush();
    expect(written).toEqual([
      [
        { ...key, views: 2, memberViews: 1 },
        { ...key, host: 'cams.example.de', views: 1, memberViews: 0 },
      ],
    ]);
    await counter.flush();
    expect(written).toHaveLength(1);
  });

  it('keeps the counts when a write fails, and adds what came meanwhile', async () => {
    const { db, written, state } = fakeDb();
    const counter = pageViewCounter(() => db);
    counter.count(key, false);
    state.down = true;
    await expect(counter.flush()).rejects.toThrow('database away');
    counter.count(key, true);
    expect(counter.pending()).toBe(2);
    state.down = false;
    await counter.flush();
    expect(written).toEqual([[{ ...key, views: 2, memberViews: 1 }]]);
  });

  it('asks for an early flush once as too many keys pile up, not again for every view after', () => {
    const { db } = fakeDb();
    let asked = 0;
    const counter = pageViewCounter(() => db, {
      onOverflow: () => {
        asked += 1;
      },
    });
    for (let i = 0; i < MAX_PENDING_KEYS - 1; i++) counter.count({ ...key, host: `h${i}.example` }, false);
    expect(asked).toBe(0);
    counter.count({ ...key, host: 'last.example' }, false);
    expect(asked).toBe(1);
    // The flush has not emptied the map yet (or failed): more views do not ask again.
    for (let i = 0; i < 100; i++) counter.count({ ...key, host: `more${i}.example` }, false);
    expect(asked).toBe(1);
  });

  it('holds at most MAX_HELD_KEYS keys while writes fail: new keys are dropped, told once per outage', async () => {
    const { db, written, state } = fakeDb();
    let drops = 0;
    const counter = pageViewCounter(() => db, {
      onDrop: () => {
        drops += 1;
      },
    });
    state.down = true;
    for (let i = 0; i < MAX_HELD_KEYS; i++) counter.count({ ...key, host: `h${i}.example` }, false);
    await expect(counter.flush()).rejects.toThrow('database away');
    expect(counter.pending()).toBe(MAX_HELD_KEYS);
    expect(drops).toBe(0);
    for (let i = 0; i < 50; i++) counter.count({ ...key, host: `new${i}.example` }, false);
    expect(counter.pending()).toBe(MAX_HELD_KEYS);
    expect(drops).toBe(1);
    // A key already held still counts.
    counter.count({ ...key, host: 'h0.example' }, true);
    expect(counter.pending()).toBe(MAX_HELD_KEYS + 1);
    state.down = false;
    await counter.flush();
    expect(written[0]).toHaveLength(MAX_HELD_KEYS);
    expect(written[0]?.[0]).toEqual({ ...key, host: 'h0.example', views: 2, memberViews: 1 });
    // After a good write the next outage is told again.
    state.down = true;
    for (let i = 0; i <= MAX_HELD_KEYS; i++) counter.count({ ...key, host: `x${i}.example` }, false);
    expect(drops).toBe(2);
  });

  it('drops beyond the cap too when a failed batch comes back to a map that filled meanwhile', async () => {
    const { db, state } = fakeDb();
    let drops = 0;
    const counter = pageViewCounter(() => db, { onDrop: () => void drops++ });
    for (let i = 0; i < 10; i++) counter.count({ ...key, host: `old${i}.example` }, false);
    state.down = true;
    const flushed = counter.flush();
    // Counted while the write is under way: the map it went to is full when the batch returns.
    for (let i = 0; i < MAX_HELD_KEYS; i++) counter.count({ ...key, host: `h${i}.example` }, false);
    await expect(flushed).rejects.toThrow('database away');
    expect(counter.pending()).toBe(MAX_HELD_KEYS);
    expect(drops).toBe(1);
  });
});
