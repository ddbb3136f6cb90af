import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#common/api/auth.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { expectInvalid, expectRefused, registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let owner: TestClient;
let ownerId: number;
let other: TestClient;
let acceptor: TestClient;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      NAME_BLOCKLIST: 'rivalcams',
      SITES: JSON.stringify({ 'deluxe.example': { name: 'DeluxeCams', logo: '/logo.svg', webid: 2 } }),
    },
  });
  const o = await registerAndVerify(t, 'nick-owner@example.com');
  owner = o.client;
  ownerId = o.user.id;
  other = (await registerAndVerify(t, 'nick-other@example.com')).client;
  acceptor = (await registerAndVerify(t, 'nick-acceptor@example.com')).client;
});
afterAll(() => t.close());

const add = (c: TestClient, nickname: unknown) => c.post('/api/user/nickname/add', { nickname });
const activate = (c: TestClient, id: number | string) => c.post(`/api/user/nickname/activate/${id}`);
const remove = (c: TestClient, id: number | string) => c.delete(`/api/user/nickname/remove/${id}`);

/** Adds a nickname and answers its id. */
async function added(c: TestClient, nickname: string): Promise<number> {
  const res = await add(c, nickname);
  expect(res.statusCode, res.body).toBe(201);
  const made = (res.json().user as User).nicknames.data.find((n) => n.nickname === nickname);
  if (!made) throw new Error(`${nickname} not in the answer`);
  return made.id;
}

const currentOf = async (userId: number) =>
  (await t.db.select({ id: users.currentNicknameId }).from(users).where(eq(users.id, userId)))[0]?.id ?? null;

describe('adding nicknames', () => {
  it('makes the first nickname current and keeps it when more are added', async () => {
    const res = await add(owner, ' FirstOne ');
    expect(res.statusCode).toBe(201);
    const first = res.json().user.nicknames;
    expect(first.data).toEqual([{ id: expect.any(Number), nickname: 'FirstOne' }]);
    expect(first.current_nickname).toEqual(first.data[0]);
    const second = await added(owner, 'second_2');
    const { user } = (await owner.get('/api/auth/user')).json();
    expect(user.nicknames.data.map((n: { id: number }) => n.id)).toEqual([first.data[0].id, second]);
    expect(user.nicknames.current_nickname.nickname).toBe('FirstOne');
    expect(await currentOf(ownerId)).toBe(first.data[0].id);
    const rows = await t.db.select().from(nicknames).where(eq(nicknames.userId, ownerId));
    expect(rows.map((r) => r.nickname)).toEqual(['FirstOne', 'second_2']);
  });

  it.each(['abc', 'a.b', 'A_b-C.9', 'x'.repeat(15)])('accepts %j', async (nickname) => {
    expect((await add(acceptor, nickname)).statusCode).toBe(201);
  });

  it.each(['x'.repeat(16), 'TwentyCharacterName1', ` ${'y'.repeat(16)} `])(
    'refuses the over-long %j with errors.validations.nickname.too_long, cutting nothing',
    async (nickname) => {
      await expectInvalid(t, () => add(owner, nickname), { nickname: ['errors.validations.nickname.too_long'] });
    },
  );

  it.each(['ab', 'with space', 'Ümlaut', 'semi;colon', '<script>', 'emoji😀'])(
    'refuses %j with errors.validations.nickname.pattern',
    async (nickname) => {
      await expectInvalid(t, () => add(owner, nickname), { nickname: ['errors.validations.nickname.pattern'] });
    },
  );

  it('refuses a nickname taken by anyone, in any case', async () => {
    await added(other, 'Unique.One');
    for (const [c, name] of [
      [owner, 'Unique.One'],
      [owner, 'unique.one'],
      [other, 'UNIQUE.ONE'],
      [owner, 'firstone'],
    ] as const) {
      await expectInvalid(t, () => add(c, name), { nickname: ['errors.validations.nickname.taken'] });
    }
  });

  it.each(['guest', 'Guest', ' GUEST '])('keeps %j for free chat', async (nickname) => {
    await expectInvalid(t, () => add(owner, nickname), { nickname: ['errors.validations.nickname.reserved'] });
  });

  it.each([
    'admin',
    'Admin_2',
    '4dm1n',
    'The.Support',
    'Moderator',
    'system',
    'LiveCam',
    'live-cam',
    'DeluxeCams',
    'guest1',
  ])('keeps %j for staff, the system and the sites, and stores nothing', async (nickname) => {
    await expectInvalid(t, () => add(owner, nickname), { nickname: ['errors.validations.nickname.reserved'] });
    const rows = await t.db.select().from(nicknames).where(eq(nicknames.nickname, nickname.trim()));
    expect(rows).toEqual([]);
  });

  it.each(['fuck', 'FuckYou', 'f.u.c.k', 'fuuuck', 'Hurensohn', 'Arschl0ch', 'Nazi88', 'rival_cams', 'R1valCams'])(
    'refuses the offensive %j, and stores nothing',
    async (nickname) => {
      await expectInvalid(t, () => add(owner, nickname), { nickname: ['errors.validations.nickname.offensive'] });
      const rows = await t.db.select().from(nicknames).where(eq(nicknames.nickname, nickname));
      expect(rows).toEqual([]);
    },
  );

  it('refuses a missing or mistyped nickname', async () => {
    await expectInvalid(t, () => owner.post('/api/user/nickname/add', {}), {
      nickname: ['errors.validations.required'],
    });
    // Sent, but not text: the type it takes, not "required".
    await expectInvalid(t, () => add(owner, 12345), { nickname: ['errors.validations.type.text'] });
    await expectInvalid(t, () => add(owner, null), { nickname: ['errors.validations.type.text'] });
  });

  it('allows 10 nicknames a member', async () => {
    const { client } = await registerAndVerify(t, 'collector@example.com');
    for (let i = 0; i < 10; i++) await added(client, `collect${i}`);
    await expectInvalid(t, () => add(client, 'collect10'), { nickname: ['errors.validations.nickname.too_many'] });
  });

  it('needs a verified account (403 not_verified)', async () => {
    const { client } = await registerUser(t, 'unverified-nick@example.com');
    const [someone] = await t.db.select().from(nicknames).limit(1);
    await expectRefused(t, () => add(client, 'ValidNick'), 403, 'not_verified');
    await expectRefused(t, () => activate(client, someone?.id ?? 1), 403, 'not_verified');
    await expectRefused(t, () => remove(client, someone?.id ?? 1), 403, 'not_verified');
  });
});

describe('activating and removing', () => {
  it('switches the current nickname to another of the member', async () => {
    const id = await added(owner, 'ThirdOne');
    const res = await activate(owner, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.nicknames.current_nickname).toEqual({ id, nickname: 'ThirdOne' });
    expect(await currentOf(ownerId)).toBe(id);
  });

  it("answers 404 for another member's nickname, or one that does not exist, and changes nothing", async () => {
    const foreign = await added(other, 'NotYours');
    await expectRefused(t, () => activate(owner, foreign), 404, 'not_found');
    await expectRefused(t, () => remove(owner, foreign), 404, 'not_found');
    await expectRefused(t, () => activate(owner, 999_999), 404, 'not_found');
    await expectRefused(t, () => remove(owner, 999_999), 404, 'not_found');
    const [row] = await t.db.select().from(nicknames).where(eq(nicknames.id, foreign));
    expect(row?.userId).not.toBe(ownerId);
  });

  it.each([
    ['abc', 'errors.validations.invalid'],
    ['0', 'errors.validations.invalid'],
    ['-3', 'errors.validations.invalid'],
    ['1.5', 'errors.validations.invalid'],
    ['2147483648', 'errors.validations.too_long'],
  ])('refuses the id %j with 422 %s', async (id, key) => {
    await expectInvalid(t, () => activate(owner, id), { id: [key] });
    await expectInvalid(t, () => remove(owner, id), { id: [key] });
  });

  it('removing the current nickname falls back to the oldest remaining one; the last leaves none', async () => {
    const { client, user } = await registerAndVerify(t, 'remover@example.com');
    const a = await added(client, 'RemA');
    const b = await added(client, 'RemB');
    const c = await added(client, 'RemC');
    await activate(client, c);
    const keep = await remove(client, b);
    expect(keep.json().user.nicknames.current_nickname.id).toBe(c);
    const fallback = await remove(client, c);
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().user.nicknames).toEqual({
      data: [{ id: a, nickname: 'RemA' }],
      current_nickname: { id: a, nickname: 'RemA' },
    });
    expect(await currentOf(user.id)).toBe(a);
    const none = await remove(client, a);
    expect(none.json().user.nicknames).toEqual({ data: [], current_nickname: null });
    expect(await currentOf(user.id)).toBeNull();
    await expectRefused(t, () => remove(client, a), 404, 'not_found');
    // A removed nickname is free for anybody again.
    expect((await add(other, 'remb')).statusCode).toBe(201);
    const rows = await t.db.select().from(nicknames).where(eq(nicknames.userId, user.id)).orderBy(asc(nicknames.id));
    expect(rows).toEqual([]);
  });
});

describeWriteGuards(
  () => ({ t, member: owner }),
  [
    { method: 'POST', url: '/api/user/nickname/add', body: { nickname: 'GuardNick' }, as: 'member' },
    { method: 'POST', url: '/api/user/nickname/activate/1', body: {}, as: 'member' },
    { method: 'DELETE', url: '/api/user/nickname/remove/1', body: {}, as: 'member' },
  ],
);
