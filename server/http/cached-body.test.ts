import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemo } from '#server/http/cached-body.ts';
import { createShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

describe('createMemo', () => {
  it('reuses a value for its time, shares a running load, and loads again afterwards', async () => {
    let clock = 0;
    let loads = 0;
    const memo = createMemo<number>(1000, 10, () => clock);
    const load = async () => ++loads;
    const [a, b] = await Promise.all([memo.get('k', load), memo.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    clock = 999;
    expect(await memo.get('k', load)).toBe(1);
    clock = 1000;
    expect(await memo.get('k', load)).toBe(2);
    memo.clear();
    expect(await memo.get('k', load)).toBe(3);
  });

  it('keeps no failed load, and drops the oldest entries beyond its size', async () => {
    const memo = createMemo<string>(1000, 2, () => 0);
    await expect(memo.get('bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('bad', async () => 'fine')).toBe('fine');
    await memo.get('b', async () => 'b');
    await memo.get('c', async () => 'c');
    expect(memo.size).toBe(2);
    expect(await memo.get('bad', async () => 'reloaded')).toBe('reloaded');
  });

  it('is off with a time of 0', async () => {
    let loads = 0;
    const memo = createMemo<number>(0);
    await memo.get('k', async () => ++loads);
    await memo.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('GET /api/search/all in a running server', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development', DEMO_PRESENCE: 'off' } });
  });
  afterAll(() => t.close());

  const names = async (client = t.client()) => {
    const res = await client.get('/api/search/all?search=theodora');
    expect(res.statusCode).toBe(200);
    return res.json().shows.data.map((s: { showName: string; online: boolean }) => `${s.showName}:${s.online}`);
  };

  it('reuses the answer for visitors until presence changes', async () => {
    const first = await createShow(t.db, { showName: 'Theodora' });
    expect(await names()).toEqual(['Theodora:false']);
    await createShow(t.db, { showName: 'Theodoras' });
    // A new show appears within the reuse time at the latest; online states at once.
    expect(await names()).toEqual(['Theodora:false']);
    expect(await t.app.ctx.presence.setOnline([first.id], true)).toEqual([first.universalId]);
    expect(await names()).toEqual(['Theodora:true', 'Theodoras:false']);
  });

  it('gives members tiles of their own from the shared ids', async () => {
    const { client } = await registerAndVerify(t, 'search-cache-member@example.com');
    expect(await names(client)).toEqual(await names());
  });
});
