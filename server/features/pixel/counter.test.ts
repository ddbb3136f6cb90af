import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { pageViewCounter } from './counter.ts';

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

  it('asks for an early flush when too many keys pile up', () => {
    const { db } = fakeDb();
    let asked = 0;
    const counter = pageViewCounter(
      () => db,
      () => {
        asked += 1;
      },
    );
    for (let i = 0; i < 5_000; i++) counter.count({ ...key, host: `h${i}.example` }, false);
    expect(asked).toBe(1);
  });
});
