import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '#common/api/onboarding.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { performerApplications } from '#server/db/schema/onboarding.ts';
import { performerSessions, performers } from '#server/db/schema/performers.ts';
import { PERFORMER_COOKIE, performerOfHandshake } from '#server/features/studio/session.ts';
import { createShow } from '#server/test/catalog.ts';
import { awaitMail, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { confirmEmail, picture, signUpApplicant, signupBody, upload } from '#server/test/onboarding.ts';
import { performerMayPublish } from './data.ts';
import { markCheckStarted } from './id-check.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async () => (await t.db.select({ id: performers.id }).from(performers)).length;
const fresh = () => new TestClient(t.app, 'en');

describe('POST /api/studio/signup', () => {
  it('makes a pending performer without a show, signs her in and mails the confirmation link', async () => {
    const showsBefore = (await t.db.select({ id: shows.id }).from(shows)).length;
    const { client, email, id, showName } = await signUpApplicant(t);
    const [row] = await t.db.select().from(performers).where(eq(performers.id, id));
    expect(row?.status).toBe('pending');
    expect(row?.showId).toBeNull();
    expect((await t.db.select({ id: shows.id }).from(shows)).length).toBe(showsBefore);
    const mine = await client.get('/api/studio/application');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      performer: { id, email, status: 'pending' },
      application: { showName, emailConfirmed: false, missing: ['email', 'id_front', 'selfie', 'id_check'] },
    });
    expect(JSON.stringify(mine.json())).not.toMatch(/identity\/|hash/i);
    // Nothing else of the studio: not her studio, not going live.
    expect((await client.get('/api/studio/me')).statusCode).toBe(401);
    expect((await client.post('/api/studio/live', {})).statusCode).toBe(401);
    expect((await client.get('/api/studio/live')).statusCode).toBe(401);
    expect((await client.patch('/api/studio/show', { free: true })).statusCode).toBe(401);
    // Her socket does not speak as a performer (show chat, going live over the socket), and she may publish nothing.
    expect(await performerOfHandshake(t.app.ctx, client.cookies.get(PERFORMER_COOKIE))).toBeNull();
    expect(await performerMayPublish(t.db, id)).toBe(false);
    await confirmEmail(t, client, email);
    expect((await client.get('/api/studio/application')).json().application.emailConfirmed).toBe(true);
  });

  it('lets her sign in again while pending, answering her application', async () => {
    const { email } = await signUpApplicant(t);
    const browser = new TestClient(t.app, 'en');
    const res = await browser.post('/api/studio/login', { email, password: 'Stage-Lights-2026' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().performer.status).toBe('pending');
    expect(res.json().show).toBeUndefined();
  });

  it.each(['pending', 'rejected'] as const)(
    'lets a %s applicant sign out: her session is revoked and her cookie opens nothing',
    async (status) => {
      const { client, id } = await signUpApplicant(t);
      if (status === 'rejected') await t.db.update(performers).set({ status }).where(eq(performers.id, id));
      const token = client.cookies.get(PERFORMER_COOKIE) ?? '';
      expect((await client.get('/api/studio/application')).statusCode).toBe(200);
      const res = await client.post('/api/studio/logout', {});
      expect(res.statusCode, res.body).toBe(200);
      expect(client.cookies.has(PERFORMER_COOKIE)).toBe(false);
      const sessions = await t.db.select().from(performerSessions).where(eq(performerSessions.performerId, id));
      expect(sessions.length).toBeGreaterThan(0);
      expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
      client.cookies.set(PERFORMER_COOKIE, token);
      expect((await client.get('/api/studio/application')).statusCode).toBe(401);
      expect((await client.post('/api/studio/logout', {})).statusCode).toBe(401);
    },
  );

  it.each([
    ['no e-mail', { email: '' }, 'email'],
    ['a bad e-mail', { email: 'not-an-address' }, 'email'],
    ['a short password', { password: 'short' }, 'password'],
    ['a common password', { password: 'password123' }, 'password'],
    ['a show name with signs', { showName: '<b>Star</b>' }, 'showName'],
    ['a too short show name', { showName: 'ab' }, 'showName'],
    ['a staff name', { showName: 'Admin Girl' }, 'showName'],
    ['no language', { languages: [] }, 'languages'],
    ['an unknown language', { languages: ['xx'] }, 'languages.0'],
    ['no category', { categories: [] }, 'categories'],
    ['an unknown category', { categories: [999_999] }, 'categories'],
    ['six categories', { categories: [1, 2, 3, 4, 5, 6] }, 'categories'],
    ['no consent', { terms: false }, 'terms'],
    ['control characters', { showName: 'Star\u0000Girl' }, 'showName'],
  ])('refuses %s with 422 at its field and makes nothing', async (_name, over, field) => {
    const before = await count();
    const res = await fresh().post('/api/studio/signup', signupBody(over));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await count()).toBe(before);
  });

  it('refuses a body that is no object, and one far too large', async () => {
    const before = await count();
    const client = fresh();
    await client.get('/api/auth/csrf-cookie');
    const broken = await client.raw('POST', '/api/studio/signup', {
      payload: '{"email":',
      headers: { 'content-type': 'application/json', ...client.xsrf() },
    });
    expect(broken.statusCode).toBe(400);
    const huge = await client.post('/api/studio/signup', signupBody({ showName: 'x'.repeat(2_000_000) }));
    expect(huge.statusCode).toBe(413);
    expect(await count()).toBe(before);
  });

  it('refuses a taken e-mail (409) and a taken show name, in any case, of an application or the catalogue (422)', async () => {
    const first = await signUpApplicant(t);
    const dupMail = await fresh().post('/api/studio/signup', signupBody({ email: first.email.toUpperCase() }));
    expect(dupMail.statusCode).toBe(409);
    expect(dupMail.json().error).toBe('email_already_exists');
    const dupName = await fresh().post('/api/studio/signup', signupBody({ showName: first.showName.toLowerCase() }));
    expect(dupName.statusCode).toBe(422);
    expect(dupName.json().errors.showName).toEqual(['studio.signup.errors.show_name_taken']);
    await createShow(t.db, { showName: 'Listed Already' });
    const listed = await fresh().post('/api/studio/signup', signupBody({ showName: 'listed already' }));
    expect(listed.json().errors.showName).toEqual(['studio.signup.errors.show_name_taken']);
  });

  it('throttles sign-ups per address', async () => {
    const client = new TestClient(t.app, 'en', '203.0.113.77');
    const codes: number[] = [];
    for (let i = 0; i < t.config.idCheck.signupsPerHour + 1; i++) {
      client.cookies.clear();
      codes.push((await client.post('/api/studio/signup', signupBody())).statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('mails in her language', async () => {
    const client = new TestClient(t.app, 'de');
    const body = signupBody();
    expect((await client.post('/api/studio/signup', body)).statusCode).toBe(201);
    await awaitMail(t, body.email, 'Bestätigen Sie Ihre E-Mail-Adresse');
  });

  it('refuses a wrong confirmation token with 410', async () => {
    const { client } = await signUpApplicant(t);
    const res = await client.post('/api/studio/application/confirm', { token: 'made-up-token' });
    expect(res.statusCode).toBe(410);
  });
});

describe('identity pictures', () => {
  it('stores JPEG, PNG and WebP under a private key, re-encoded without EXIF', async () => {
    const { client, id } = await signUpApplicant(t);
    expect((await upload(client, 'id_front', await picture('jpeg'))).statusCode).toBe(200);
    expect((await upload(client, 'id_back', await picture('webp'), 'application/octet-stream')).statusCode).toBe(200);
    const res = await upload(client, 'selfie', await picture('png'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application.documents).toEqual({ id_front: true, id_back: true, selfie: true });
    const [row] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, id));
    expect(row?.idFrontKey).toMatch(new RegExp(`^identity/${id}/id_front-[0-9a-f]{24}\\.jpg$`));
    const stored = await streamToBuffer(t.storage.read(row?.idFrontKey ?? ''));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    // The public media route never serves them.
    const pub = await fresh().get(`/media/${row?.idFrontKey}`);
    expect(pub.statusCode).toBe(404);
  });

  it('deletes the picture a new one replaces, and stores none once the application is closed', async () => {
    const { client, email, id } = await signUpApplicant(t);
    const keyOf = async () =>
      (await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, id)))[0]
        ?.selfieKey ?? '';
    expect((await upload(client, 'selfie', await picture())).statusCode).toBe(200);
    const first = await keyOf();
    expect(await t.storage.exists(first)).toBe(true);
    expect((await upload(client, 'selfie', await picture('png'))).statusCode).toBe(200);
    const second = await keyOf();
    expect(second).not.toBe(first);
    expect(await t.storage.exists(second)).toBe(true);
    expect(await t.storage.exists(first)).toBe(false);
    await confirmEmail(t, client, email);
    expect((await upload(client, 'id_front', await picture())).statusCode).toBe(200);
    expect((await client.post('/api/studio/application/check', {})).statusCode).toBe(200);
    const folder = path.join(t.config.media.dir, 'identity', String(id));
    const files = await readdir(folder);
    expect((await upload(client, 'selfie', await picture('webp'))).statusCode).toBe(409);
    expect(await readdir(folder)).toEqual(files);
    expect(await keyOf()).toBe(second);
  });

  it('refuses what is no picture by its content (415), a picture too big (413), and nobody signed in (401)', async () => {
    const { client, id } = await signUpApplicant(t);
    const fake = Buffer.from('GIF89a not really a jpeg at all');
    expect((await upload(client, 'id_front', fake)).statusCode).toBe(415);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expect((await upload(client, 'id_front', gif, 'image/jpeg')).statusCode).toBe(415);
    expect((await upload(client, 'id_front', Buffer.alloc(DOCUMENT_MAX_BYTES + 1))).statusCode).toBe(413);
    expect((await upload(client, 'passport', await picture())).statusCode).toBe(422);
    const text = await client.raw('PUT', '/api/studio/application/documents/id_front', {
      payload: 'hello',
      headers: { 'content-type': 'text/plain', ...client.xsrf() },
    });
    expect(text.statusCode).toBe(415);
    const stranger = fresh();
    await stranger.get('/api/auth/csrf-cookie');
    expect((await upload(stranger, 'id_front', await picture())).statusCode).toBe(401);
    const [row] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, id));
    expect(row?.idFrontKey).toBeNull();
  });

  it('refuses a member session and writes nothing to another performer', async () => {
    const { client: member } = await registerAndVerify(t, `onboarding-member-${Date.now()}@example.com`);
    expect((await upload(member, 'id_front', await picture())).statusCode).toBe(401);
    expect((await member.get('/api/studio/application')).statusCode).toBe(401);
    const a = await signUpApplicant(t);
    const b = await signUpApplicant(t);
    expect((await upload(b.client, 'id_front', await picture())).statusCode).toBe(200);
    const [rowA] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, a.id));
    expect(rowA?.idFrontKey).toBeNull();
  });

  it('refuses to start the check before the address is confirmed and the pictures are there', async () => {
    const { client, email } = await signUpApplicant(t);
    expect((await client.post('/api/studio/application/check', {})).statusCode).toBe(409);
    await confirmEmail(t, client, email);
    expect((await upload(client, 'id_front', await picture())).statusCode).toBe(200);
    expect((await client.post('/api/studio/application/check', {})).statusCode).toBe(409);
    expect((await upload(client, 'selfie', await picture())).statusCode).toBe(200);
    const started = await client.post('/api/studio/application/check', {});
    expect(started.statusCode).toBe(200);
    expect(started.json().link).toMatch(/\/sandbox\/idcheck\//);
    // Once started, the pictures are kept as they were checked.
    expect((await upload(client, 'selfie', await picture())).statusCode).toBe(409);
  });
});

describe('starting the ID check', () => {
  it('starts once: a second start, in a row or at the same time, answers 409 and keeps the first reference', async () => {
    const { client, email, id } = await signUpApplicant(t);
    await confirmEmail(t, client, email);
    expect((await upload(client, 'id_front', await picture())).statusCode).toBe(200);
    expect((await upload(client, 'selfie', await picture())).statusCode).toBe(200);
    const refOf = async () =>
      (await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, id)))[0];
    const [a, b] = await Promise.all([
      client.post('/api/studio/application/check', {}),
      client.post('/api/studio/application/check', {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const started = await refOf();
    expect(started?.idCheckState).toBe('started');
    expect((await client.post('/api/studio/application/check', {})).statusCode).toBe(409);
    expect((await refOf())?.idCheckRef).toBe(started?.idCheckRef);
  });

  it('changes only an undecided application without an open check (markCheckStarted)', async () => {
    const { id } = await signUpApplicant(t);
    const first = await markCheckStarted(t.db, id, 'sandbox');
    expect(first.ok && first.reference).toMatch(new RegExp(`^pa_${id}_`));
    expect(await markCheckStarted(t.db, id, 'sandbox')).toEqual({ ok: false, refused: 'in_progress' });
    const [row] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, id));
    expect(first.ok && row?.idCheckRef).toBe(first.ok && first.reference);
    // A failed check may be started again; a decided application never.
    await t.db
      .update(performerApplications)
      .set({ idCheckState: 'failed' })
      .where(eq(performerApplications.performerId, id));
    expect((await markCheckStarted(t.db, id, 'sandbox')).ok).toBe(true);
    await t.db
      .update(performerApplications)
      .set({ idCheckState: 'failed', decidedAt: new Date() })
      .where(eq(performerApplications.performerId, id));
    expect(await markCheckStarted(t.db, id, 'sandbox')).toEqual({ ok: false, refused: 'closed' });
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
