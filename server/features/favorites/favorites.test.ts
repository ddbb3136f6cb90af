import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoTimeOf } from '#common/domain/favorite-time.ts';
import { favorites } from '#server/db/schema/member-catalog.ts';
import { createShow } from '#server/test/catalog.ts';
import { expectRefused, registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
/** Shows the guard tests aim at: adding the one or changing the other would show in the table. */
const GUARD_SHOW = 'guard-show';
const GUARD_FAVORITE = 'guard-favorite';
let n = 0;
const newMember = async () => registerAndVerify(t, `favorites-member-${++n}@example.com`);
const favoriteRows = () => t.db.select().from(favorites).orderBy(asc(favorites.id));
/** What the API answers for a stored Berlin time: the ISO time with Berlin's offset now. */
const berlin = (hhmm: string) => isoTimeOf(hhmm, 'Europe/Berlin', new Date());
/** What a browser in Berlin sends (in winter; the zone decides, the offset only says what was meant). */
const BERLIN = 'Europe/Berlin';
const sentFromBerlin = (start: string | null, end: string | null) => ({
  info_start: start === null ? null : `${start}:00+01:00`,
  info_end: end === null ? null : `${end}:00+01:00`,
  time_zone: BERLIN,
});
/** A refusal that also leaves the favorites as they were. */
async function expectUntouched(send: () => ReturnType<TestClient['get']>, status: number, error: string) {
  const before = await favoriteRows();
  const body = await expectRefused(t, send, status, error);
  expect(await favoriteRows()).toEqual(before);
  return body;
}

beforeAll(async () => {
  t = await createTestApp();
  member = (await newMember()).client;
  await createShow(t.db, { showName: 'Guarded', universalId: GUARD_SHOW });
  await createShow(t.db, { showName: 'GuardedFavorite', universalId: GUARD_FAVORITE });
  expect((await member.post(`/api/favorites/${GUARD_FAVORITE}`)).statusCode).toBe(200);
  const window = { info_start: '08:00:00+01:00', info_end: '09:00:00+01:00', time_zone: BERLIN };
  expect((await member.put(`/api/favorites/${GUARD_FAVORITE}`, window)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('POST /api/favorites/{id}', () => {
  it('adds the show and answers the favorite with the fields of the spec', async () => {
    const { client, user } = await newMember();
    const show = await createShow(t.db, { showName: 'Amelie', online: true, contentproviderId: 2 });
    const res = await client.post(`/api/favorites/${show.universalId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      universalId: show.universalId,
      show: expect.objectContaining({ id: show.id, universalId: show.universalId, showName: 'Amelie', online: true }),
      name: 'Amelie',
      online: true,
      info_type: 1,
      show_id: show.id,
      contentprovider_id: 2,
      info_start: null,
      info_end: null,
    });
    const rows = (await favoriteRows()).filter((r) => r.userId === user.id);
    expect(rows).toMatchObject([{ id: data.id, showId: show.id, infoType: 1 }]);
  });

  it('is idempotent: adding twice keeps one row, its window, and answers it', async () => {
    const { client, user } = await newMember();
    const show = await createShow(t.db);
    const first = (await client.post(`/api/favorites/${show.universalId}`)).json().data;
    await client.put(`/api/favorites/${show.universalId}`, sentFromBerlin('00:00', '00:00'));
    const second = await client.post(`/api/favorites/${show.universalId}`);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: first.id, info_start: berlin('00:00'), info_end: berlin('00:00') });
    expect((await favoriteRows()).filter((r) => r.userId === user.id)).toHaveLength(1);
  });

  it('keeps one row when the same member adds a show many times at once', async () => {
    const { client, user } = await newMember();
    const show = await createShow(t.db);
    await client.get('/api/auth/csrf-cookie');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post(`/api/favorites/${show.universalId}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect((await favoriteRows()).filter((r) => r.userId === user.id)).toHaveLength(1);
  });

  it('refuses an unknown show with 404, and an over-long id with 422', async () => {
    await expectUntouched(() => member.post('/api/favorites/no-such-show'), 404, 'not_found');
    await expectUntouched(() => member.post(`/api/favorites/${'9'.repeat(41)}`), 422, 'validation_failed');
  });

  it('needs no confirmed e-mail address, only a login', async () => {
    const { client } = await registerUser(t, `favorites-unverified-${++n}@example.com`);
    const show = await createShow(t.db);
    expect((await client.post(`/api/favorites/${show.universalId}`)).statusCode).toBe(200);
  });
});

describe('GET /api/user/favorites', () => {
  it('lists online shows first, then by name, with the online count', async () => {
    const { client } = await newMember();
    const names = [
      ['zoe', false],
      ['Bella', true],
      ['anna', false],
      ['Zara', true],
      ['Carla', false],
    ] as const;
    for (const [showName, online] of names) {
      const show = await createShow(t.db, { showName, online });
      await client.post(`/api/favorites/${show.universalId}`);
    }
    const res = await client.get('/api/user/favorites');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((f: { name: string }) => f.name)).toEqual(['Bella', 'Zara', 'anna', 'Carla', 'zoe']);
    expect(body.online).toBe(2);
    expect(body.data[0].show).toMatchObject({ showName: 'Bella', online: true, distance: null });
  });

  it('is empty for a member without favorites, and refuses visitors with 401', async () => {
    const { client } = await newMember();
    expect((await client.get('/api/user/favorites')).json()).toEqual({ data: [], online: 0 });
    await expectRefused(t, () => t.client().get('/api/user/favorites'), 401, 'unauthenticated');
  });
});

describe('GET /api/favorites/{id}', () => {
  it('answers the favorite, 404 when the show is none of the member or unknown, 401 for visitors', async () => {
    const { client } = await newMember();
    const show = await createShow(t.db);
    const other = await createShow(t.db);
    await client.post(`/api/favorites/${show.universalId}`);
    const res = await client.get(`/api/favorites/${show.universalId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ universalId: show.universalId, show_id: show.id });
    await expectRefused(t, () => client.get(`/api/favorites/${other.universalId}`), 404, 'not_found');
    await expectRefused(t, () => client.get('/api/favorites/unknown'), 404, 'not_found');
    await expectRefused(t, () => t.client().get(`/api/favorites/${show.universalId}`), 401, 'unauthenticated');
  });
});

describe('DELETE /api/favorites/{id}', () => {
  it('removes the favorite; a second time, an unknown show and a non-favorite answer 404', async () => {
    const { client, user } = await newMember();
    const show = await createShow(t.db);
    await client.post(`/api/favorites/${show.universalId}`);
    const res = await client.delete(`/api/favorites/${show.universalId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await favoriteRows()).filter((r) => r.userId === user.id)).toEqual([]);
    await expectUntouched(() => client.delete(`/api/favorites/${show.universalId}`), 404, 'not_found');
    await expectUntouched(() => client.delete('/api/favorites/unknown'), 404, 'not_found');
    await expectRefused(t, () => client.get(`/api/favorites/${show.universalId}`), 404, 'not_found');
  });
});

describe('one member never sees or changes the favorites of another', () => {
  it('keeps lists, windows and rows apart', async () => {
    const a = await newMember();
    const b = await newMember();
    const show = await createShow(t.db, { showName: 'Shared' });
    await a.client.post(`/api/favorites/${show.universalId}`);
    await a.client.put(`/api/favorites/${show.universalId}`, sentFromBerlin('12:00', '13:00'));
    expect((await b.client.get('/api/user/favorites')).json()).toEqual({ data: [], online: 0 });
    await expectRefused(t, () => b.client.get(`/api/favorites/${show.universalId}`), 404, 'not_found');
    const window = { info_start: null, info_end: null };
    await expectUntouched(() => b.client.put(`/api/favorites/${show.universalId}`, window), 404, 'not_found');
    await expectUntouched(() => b.client.delete(`/api/favorites/${show.universalId}`), 404, 'not_found');
    // b adding the same show makes a row of b's own; a's window stays.
    const mine = (await b.client.post(`/api/favorites/${show.universalId}`)).json().data;
    expect(mine).toMatchObject({ info_start: null, info_end: null });
    const theirs = (await a.client.get(`/api/favorites/${show.universalId}`)).json().data;
    expect(theirs).toMatchObject({ info_start: berlin('12:00'), info_end: berlin('13:00') });
    expect(theirs.id).not.toBe(mine.id);
  });
});

describe('write guards', () => {
  let before: Awaited<ReturnType<typeof favoriteRows>>;
  beforeAll(async () => {
    before = await favoriteRows();
  });
  describeWriteGuards(
    () => ({ t, member }),
    [
      { method: 'POST', url: `/api/favorites/${GUARD_SHOW}`, body: {}, as: 'member' },
      {
        method: 'PUT',
        url: `/api/favorites/${GUARD_FAVORITE}`,
        body: { info_start: null, info_end: null },
        as: 'member',
      },
      { method: 'DELETE', url: `/api/favorites/${GUARD_FAVORITE}`, body: {}, as: 'member' },
    ],
  );
  it('left every favorite as it was', async () => {
    expect(await favoriteRows()).toEqual(before);
  });
});
