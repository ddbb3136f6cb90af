import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoTimeOf } from '#common/domain/favorite-time.ts';
import { favorites } from '#server/db/schema/member-catalog.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

/** PUT /api/favorites/{id}: the notification window as ISO times (decision record 026). */
let t: TestContext;
let n = 0;
const newMember = async () => registerAndVerify(t, `favorite-window-${++n}@example.com`);
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
});
afterAll(() => t.close());

describe('PUT /api/favorites/{id}', () => {
  let client: TestClient;
  let show: TestShow;
  let userId: number;
  const put = (body: unknown) => client.put(`/api/favorites/${show.universalId}`, body);
  beforeAll(async () => {
    const m = await newMember();
    client = m.client;
    userId = m.user.id;
    show = await createShow(t.db);
    await client.post(`/api/favorites/${show.universalId}`);
  });

  const rowOf = async () => (await favoriteRows()).find((r) => r.showId === show.id && r.userId === userId);

  it('stores a time span, daily, a span across midnight and off, as her local times in her zone; answers ISO', async () => {
    for (const [start, end] of [
      ['18:15', '23:45'],
      ['00:00', '00:00'],
      ['22:00', '02:30'],
      [null, null],
    ] as const) {
      const res = await put(sentFromBerlin(start, end));
      expect(res.statusCode, res.body).toBe(200);
      const answered = { info_start: start && berlin(start), info_end: end && berlin(end) };
      expect(res.json().data).toMatchObject({ ...answered, info_type: 1 });
      expect((await client.get(`/api/favorites/${show.universalId}`)).json().data).toMatchObject(answered);
      expect((await client.get('/api/user/favorites')).json().data[0]).toMatchObject(answered);
      expect(await rowOf()).toMatchObject({ infoStart: start, infoEnd: end, infoTimeZone: start && BERLIN });
    }
  });

  it('takes the date-time form, and the instant of another offset read on her clock', async () => {
    // Summer time in Berlin, written with the summer offset: the same wall time.
    const summer = {
      info_start: '2026-07-01T20:15:00+02:00',
      info_end: '2026-07-01T23:00:00+02:00',
      time_zone: BERLIN,
    };
    expect((await put(summer)).statusCode).toBe(200);
    expect(await rowOf()).toMatchObject({ infoStart: '20:15', infoEnd: '23:00', infoTimeZone: BERLIN });
    // UTC on a winter day is an hour earlier than Berlin.
    const utc = { info_start: '2026-11-24T19:15:00Z', info_end: '2026-11-24T22:00:00.000Z', time_zone: BERLIN };
    expect((await put(utc)).statusCode).toBe(200);
    expect(await rowOf()).toMatchObject({ infoStart: '20:15', infoEnd: '23:00' });
  });

  it('without a time zone keeps the offset the times were written with', async () => {
    const res = await put({ info_start: '20:15:00+05:30', info_end: '23:45:00+05:30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ info_start: '20:15:00+05:30', info_end: '23:45:00+05:30' });
    expect(await rowOf()).toMatchObject({ infoStart: '20:15', infoEnd: '23:45', infoTimeZone: '+05:30' });
  });

  it('stores the zone in its one spelling, whatever letter case it came in', async () => {
    for (const spelling of ['EUROPE/berlin', 'europe/BERLIN']) {
      const res = await put({ ...sentFromBerlin('20:00', '23:00'), time_zone: spelling });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ info_start: berlin('20:00'), info_end: berlin('23:00') });
      expect(await rowOf()).toMatchObject({ infoStart: '20:00', infoEnd: '23:00', infoTimeZone: BERLIN });
    }
    expect((await put({ ...sentFromBerlin('20:00', '23:00'), time_zone: 'utc' })).statusCode).toBe(200);
    expect(await rowOf()).toMatchObject({ infoStart: '19:00', infoEnd: '22:00', infoTimeZone: 'UTC' });
  });

  it('handles the old "HH:MM": sent, as her local time; stored before (no zone), as Berlin time', async () => {
    await put(sentFromBerlin('10:00', '11:00'));
    const res = await put({ info_start: '18:30', info_end: '19:45' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ info_start: berlin('18:30'), info_end: berlin('19:45') });
    expect(await rowOf()).toMatchObject({ infoStart: '18:30', infoEnd: '19:45', infoTimeZone: BERLIN });
    const row = await rowOf();
    await t.db
      .update(favorites)
      .set({ infoStart: '07:00', infoEnd: '08:15', infoTimeZone: null })
      .where(eq(favorites.id, row?.id ?? 0));
    expect((await client.get(`/api/favorites/${show.universalId}`)).json().data).toMatchObject({
      info_start: berlin('07:00'),
      info_end: berlin('08:15'),
    });
  });

  it('refuses a start without an end (and the reverse) with errors.validations.required', async () => {
    await expectInvalid(t, () => put({ info_start: '10:00:00+01:00', info_end: null }), {
      info_end: ['errors.validations.required'],
    });
    await expectInvalid(t, () => put({ info_start: null, info_end: '10:00:00+01:00' }), {
      info_start: ['errors.validations.required'],
    });
    await expectInvalid(t, () => put({ info_start: '10:00:00+01:00' }), { info_end: ['errors.validations.required'] });
  });

  it('refuses minutes or seconds off the 15-minute steps with 422 errors.validations.time_step', async () => {
    await put(sentFromBerlin('08:00', '09:00'));
    const before = await rowOf();
    await expectInvalid(t, () => put(sentFromBerlin('10:10', '11:00')), {
      info_start: ['errors.validations.time_step'],
    });
    await expectInvalid(t, () => put({ ...sentFromBerlin('10:00', null), info_end: '11:00:30+01:00' }), {
      info_end: ['errors.validations.time_step'],
    });
    expect(await rowOf()).toEqual(before);
  });

  it('refuses what is no ISO time, or no time zone, with 422 naming the field, like every validation error', async () => {
    for (const bad of ['24:00', '7:00', '20:15+1', '2026-02-30T10:00:00Z', "07:00' or 1=1", '']) {
      const body = await expectUntouched(
        () => put({ ...sentFromBerlin('07:00', null), info_end: bad }),
        422,
        'validation_failed',
      );
      expect(body.errors).toEqual({ info_end: ['errors.validations.invalid'] });
    }
    const start = await expectUntouched(
      () => put({ ...sentFromBerlin(null, '08:00'), info_start: 'noon' }),
      422,
      'validation_failed',
    );
    expect(start.errors).toEqual({ info_start: ['errors.validations.invalid'] });
    const zone = await expectUntouched(
      () => put({ ...sentFromBerlin('07:00', '08:00'), time_zone: 'Mars/Olympus' }),
      422,
      'validation_failed',
    );
    expect(zone.errors).toEqual({ time_zone: ['errors.validations.invalid'] });
  });

  it('refuses other shapes with 422, and a window of 10 kB', async () => {
    await expectRefused(t, () => put({ info_start: 7, info_end: [] }), 422, 'validation_failed');
    await expectRefused(t, () => put({ info_start: 'x'.repeat(10_000), info_end: null }), 422, 'validation_failed');
    await expectRefused(
      t,
      () => put({ ...sentFromBerlin('07:00', '08:00'), time_zone: 'x'.repeat(65) }),
      422,
      'validation_failed',
    );
  });

  it('refuses visitors with 401', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    const send = () => visitor.put(`/api/favorites/${show.universalId}`, sentFromBerlin('07:00', '08:00'));
    await expectRefused(t, send, 401, 'unauthenticated');
  });

  it('answers 404 for a show that is no favorite of the member, or unknown', async () => {
    const other = await createShow(t.db);
    const window = sentFromBerlin('10:00', '11:00');
    await expectUntouched(() => client.put(`/api/favorites/${other.universalId}`, window), 404, 'not_found');
    await expectUntouched(() => client.put('/api/favorites/unknown', window), 404, 'not_found');
  });
});

describe('the migration of windows stored as "HH:MM"', () => {
  it('gives whole windows the Berlin zone, turns half or malformed ones off, leaves off as it is', async () => {
    const { user } = await newMember();
    const rows = [
      ['20:00', '23:00'],
      ['00:00', '00:00'],
      ['20:00', null],
      ['8 Uhr', '09:00'],
      [null, null],
    ] as const;
    const ids: number[] = [];
    for (const [infoStart, infoEnd] of rows) {
      const show = await createShow(t.db);
      const [row] = await t.db
        .insert(favorites)
        .values({ userId: user.id, showId: show.id, infoStart, infoEnd })
        .returning({ id: favorites.id });
      ids.push(row?.id ?? 0);
    }
    const migration = readFileSync(
      new URL('../../db/migrations/0019_favorite_window_zone.sql', import.meta.url),
      'utf8',
    );
    const updates = migration
      .split('--> statement-breakpoint')
      .map((part) => part.replace(/^--.*$/gm, '').trim())
      .filter((part) => part.startsWith('UPDATE'));
    expect(updates).toHaveLength(2);
    for (const update of updates) await t.db.execute(sql.raw(update));
    const after = await Promise.all(
      ids.map(async (id) => (await t.db.select().from(favorites).where(eq(favorites.id, id)))[0]),
    );
    expect(after.map((r) => [r?.infoStart, r?.infoEnd, r?.infoTimeZone])).toEqual([
      ['20:00', '23:00', BERLIN],
      ['00:00', '00:00', BERLIN],
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
  });
});
