import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '#server/db/schema/passkeys.ts';
import { expectInvalid, expectRefused, PASSWORD, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { addPasskeyOver, authenticator } from '#server/test/passkeys.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
let other: TestClient;
const auth = authenticator();
beforeAll(async () => {
  t = await createTestApp();
  const m = await registerAndVerify(t, 'passkey-member@example.com', { username: 'KeyMember' });
  member = m.client;
  memberId = m.user.id;
  other = (await registerAndVerify(t, 'passkey-other@example.com')).client;
});
afterAll(() => t.close());

const rowsOf = (userId: number) => t.db.select().from(passkeys).where(eq(passkeys.userId, userId));

describe('adding a passkey', () => {
  it('answers options bound to the site, keeps the credential, and lists it without key material', async () => {
    const res = await member.post('/api/passkeys/options');
    expect(res.statusCode, res.body).toBe(200);
    const { options } = res.json();
    expect(options.rp).toEqual({ name: expect.any(String), id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const { credential, json } = auth.create(options);
    const added = await member.post('/api/passkeys', { name: ' Work laptop ', credential: json });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().passkey).toMatchObject({ name: 'Work laptop', last_used_at: null, transports: ['internal'] });
    const [row] = await rowsOf(memberId);
    expect(row?.credentialId).toBe(credential.id.toString('base64url'));
    const list = (await member.get('/api/passkeys')).json().data;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(row?.publicKey);
    expect(JSON.stringify(list)).not.toContain(row?.credentialId);
    // Her next options exclude it, so the same authenticator is not added twice.
    const next = (await member.post('/api/passkeys/options')).json().options;
    expect(next.excludeCredentials).toEqual([{ id: row?.credentialId, type: 'public-key', transports: ['internal'] }]);
  });

  it('refuses an answer sent twice: the challenge is used up by the first', async () => {
    const { options } = (await member.post('/api/passkeys/options')).json();
    const { json } = auth.create(options);
    expect((await member.post('/api/passkeys', { name: 'Phone', credential: json })).statusCode).toBe(201);
    const again = auth.create(options).json;
    await expectInvalid(t, () => member.post('/api/passkeys', { name: 'Phone', credential: again }), {
      credential: ['passkeys.errors.refused'],
    });
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another relying party', { rpId: 'evil.example' }],
    ['no user verification', { userVerified: false }],
    ['another challenge', { challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }],
  ])('refuses an answer with %s, storing nothing', async (_label, tamper) => {
    const before = (await rowsOf(memberId)).length;
    const { options } = (await member.post('/api/passkeys/options')).json();
    const { json } = auth.create(options, tamper);
    await expectInvalid(t, () => member.post('/api/passkeys', { name: 'Bad', credential: json }), {
      credential: ['passkeys.errors.refused'],
    });
    expect(await rowsOf(memberId)).toHaveLength(before);
  });

  it("refuses options of another member's session: the challenge is bound to the session that asked", async () => {
    const { options } = (await other.post('/api/passkeys/options')).json();
    const { json } = auth.create(options);
    await expectInvalid(t, () => member.post('/api/passkeys', { name: 'Stolen', credential: json }), {
      credential: ['passkeys.errors.refused'],
    });
  });

  it('refuses a missing name, a too long one and a malformed credential with 422', async () => {
    const { options } = (await member.post('/api/passkeys/options')).json();
    const { json } = auth.create(options);
    await expectInvalid(t, () => member.post('/api/passkeys', { credential: json }), {
      name: ['errors.validations.required'],
    });
    await expectInvalid(t, () => member.post('/api/passkeys', { name: 'x'.repeat(61), credential: json }), {
      name: ['errors.validations.too_long'],
    });
    const broken = { ...json, response: { ...json.response, attestationObject: 'not base64url!' } };
    await expectInvalid(t, () => member.post('/api/passkeys', { name: 'X', credential: broken }), {
      'credential.response.attestationObject': ['errors.validations.invalid'],
    });
  });
});

describe('renaming and deleting', () => {
  it("renames hers; another member's passkey is not found", async () => {
    const { id } = await addPasskeyOver(member, auth, 'Tablet');
    const res = await member.patch(`/api/passkeys/${id}`, { name: 'Old tablet' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().passkey.name).toBe('Old tablet');
    await expectRefused(t, () => other.patch(`/api/passkeys/${id}`, { name: 'Mine' }), 404, 'not_found');
    await expectInvalid(t, () => member.patch(`/api/passkeys/${id}`, { name: '  ' }), {
      name: ['errors.validations.required'],
    });
  });

  it('deletes with her password; a wrong one or another member deletes nothing', async () => {
    const { id } = await addPasskeyOver(member, auth, 'Spare');
    const del = (c: TestClient, body: object) => c.request('DELETE', `/api/passkeys/${id}`, body);
    await expectInvalid(t, () => del(member, { password: 'wrong-password-1' }), {
      password: ['errors.validations.password_wrong'],
    });
    await expectRefused(t, () => del(other, { password: PASSWORD }), 404, 'not_found');
    await expectInvalid(t, () => del(member, {}), { password: ['errors.validations.required'] });
    expect((await del(member, { password: PASSWORD })).statusCode).toBe(200);
    expect((await rowsOf(memberId)).some((p) => p.id === id)).toBe(false);
  });

  it('deletes with a fresh answer of one of her passkeys; a passkey of another member proves nothing', async () => {
    const mine = await addPasskeyOver(member, auth, 'Keep');
    const doomed = await addPasskeyOver(member, auth, 'Lost');
    const theirs = await addPasskeyOver(other, auth, 'Theirs');
    const confirm = async () => (await member.post('/api/passkeys/confirm/options')).json().options;
    const options = await confirm();
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toContain(
      mine.credential.id.toString('base64url'),
    );
    const foreign = auth.get(theirs.credential, options);
    await expectInvalid(t, () => member.request('DELETE', `/api/passkeys/${doomed.id}`, { credential: foreign }), {
      credential: ['passkeys.errors.refused'],
    });
    const proof = auth.get(mine.credential, await confirm());
    expect((await member.request('DELETE', `/api/passkeys/${doomed.id}`, { credential: proof })).statusCode).toBe(200);
    // The same answer again finds no challenge.
    const replay = () => member.request('DELETE', `/api/passkeys/${mine.id}`, { credential: proof });
    await expectInvalid(t, replay, { credential: ['passkeys.errors.refused'] });
  });
});

describe('without a member', () => {
  it('answers a visitor 401 on every passkey route', async () => {
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    for (const [method, url] of [
      ['GET', '/api/passkeys'],
      ['POST', '/api/passkeys/options'],
      ['POST', '/api/passkeys/confirm/options'],
    ] as const) {
      await expectRefused(
        t,
        () => visitor.request(method, url, method === 'GET' ? undefined : {}),
        401,
        'unauthenticated',
      );
    }
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/passkeys/options', body: {}, as: 'member' },
    { method: 'POST', url: '/api/passkeys', body: { name: 'X', credential: {} }, as: 'member' },
    { method: 'PATCH', url: '/api/passkeys/1', body: { name: 'X' }, as: 'member' },
    { method: 'POST', url: '/api/passkeys/confirm/options', body: {}, as: 'member' },
    { method: 'DELETE', url: '/api/passkeys/1', body: { password: PASSWORD }, as: 'member' },
  ],
);
