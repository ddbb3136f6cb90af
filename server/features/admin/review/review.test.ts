import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { galleries } from '#server/db/schema/catalog.ts';
import { contentReviews } from '#server/db/schema/uploads.ts';
import { processMediaJobs } from '#server/features/uploads/processing.ts';
import { testPicture, uploadWhole } from '#server/features/uploads/testing.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { deskOperator } from '#server/test/support-desk.ts';
import { openReviewCount } from './data.ts';

let t: TestContext;
let dir: string;
let her: TestClient;
let showUid: string;
let moderator: Awaited<ReturnType<typeof deskOperator>>;
const ORIGIN = { origin: 'http://localhost:3000' };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'livecam-uploads-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir } });
  const p = await createTestPerformer(t, { email: 'reviewed@example.com' });
  showUid = p.show.universalId;
  her = await studioClient(t, 'reviewed@example.com');
  moderator = await deskOperator(t, ['moderator']);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function newGallery(title: string) {
  const { id } = await uploadWhole(her, 'picture', await testPicture('jpeg', 400, 300), 'p.jpg');
  const res = await her.post('/api/studio/content/galleries', {
    uploadIds: [id],
    titleEn: title,
    titleDe: title,
    price: 10,
  });
  expect(res.statusCode, res.body).toBe(201);
  await processMediaJobs({ db: t.db, storage: t.storage, uploadDir: dir });
  const galleryId = (res.json() as { id: number }).id;
  const [review] = await t.db.select().from(contentReviews).where(eq(contentReviews.galleryId, galleryId));
  return { galleryId, reviewId: review?.id ?? 0 };
}

const queue = (c: TestClient) => c.raw('GET', '/admin/review');
const tokenOf = (html: string) => html.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
const post = (c: TestClient, url: string, fields: Record<string, string>, headers: Record<string, string> = ORIGIN) =>
  c.raw('POST', url, {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
const catalogue = async () =>
  (
    (await t.client().get(`/api/search/galleries?showid=${showUid}`)).json() as {
      data: { id: number; title: string }[];
    }
  ).data;
const audits = (galleryId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'gallery'), eq(auditLog.subjectId, String(galleryId))));

describe('/admin/review', () => {
  it('lets moderators and admins in, refuses support (403), sends the signed-out, members and performers to sign in', async () => {
    expect((await queue(moderator.client)).statusCode).toBe(200);
    expect((await queue((await deskOperator(t, ['admin'])).client)).statusCode).toBe(200);
    expect((await queue((await deskOperator(t, ['support'])).client)).statusCode).toBe(403);
    expect((await queue(t.client())).statusCode).toBe(303);
    const { client: member } = await registerAndVerify(t, 'review-member@example.com');
    expect((await queue(member)).statusCode).toBe(303);
    expect((await queue(her)).statusCode).toBe(303);
  });

  it('shows a processed item with its preview, approves it once (audited), and it appears in the catalogue', async () => {
    const { galleryId, reviewId } = await newGallery('Garden party');
    expect(await openReviewCount(t.db)).toBeGreaterThanOrEqual(1);
    expect(await catalogue()).toEqual([]);
    const page = await queue(moderator.client);
    expect(page.body).toContain('Garden party');
    const picture = page.body.match(/src="(\/admin\/review\/\d+\/picture\/\d+\/thumb)"/)?.[1] ?? '';
    expect((await moderator.client.raw('GET', picture)).statusCode).toBe(200);
    expect((await t.client().raw('GET', picture)).statusCode).toBe(303);
    const token = tokenOf(page.body);
    // No token, a foreign origin, a support operator: refused, nothing changed.
    expect((await post(moderator.client, `/admin/review/${reviewId}/approve`, {})).statusCode).toBe(403);
    const foreign = await post(
      moderator.client,
      `/admin/review/${reviewId}/approve`,
      { token },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const support = await deskOperator(t, ['support']);
    expect((await post(support.client, `/admin/review/${reviewId}/approve`, { token })).statusCode).toBe(403);
    expect(await audits(galleryId)).toEqual([]);

    const ok = await post(moderator.client, `/admin/review/${reviewId}/approve`, { token });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/admin/review?done=approved');
    const again = await post(moderator.client, `/admin/review/${reviewId}/approve`, { token });
    expect(again.headers.location).toBe('/admin/review?done=alreadyDecided');
    expect((await catalogue()).map((g) => g.id)).toEqual([galleryId]);
    const entries = await audits(galleryId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'content.approve', operatorId: moderator.operator.id });
    expect((await t.client().raw('GET', picture)).statusCode).toBe(303);
  });

  it('rejects only with a reason (422 without), which the performer then reads', async () => {
    const { galleryId, reviewId } = await newGallery('Blurry night');
    const token = tokenOf((await queue(moderator.client)).body);
    const empty = await post(moderator.client, `/admin/review/${reviewId}/reject`, { token, reason: '   ' });
    expect(empty.statusCode).toBe(422);
    const long = await post(moderator.client, `/admin/review/${reviewId}/reject`, { token, reason: 'x'.repeat(600) });
    expect(long.statusCode).toBe(422);
    expect((await t.db.select().from(galleries).where(eq(galleries.id, galleryId)))[0]?.status).toBe('pending');
    const res = await post(moderator.client, `/admin/review/${reviewId}/reject`, {
      token,
      reason: 'Pictures too dark',
    });
    expect(res.headers.location).toBe('/admin/review?done=rejected');
    expect((await t.db.select().from(galleries).where(eq(galleries.id, galleryId)))[0]?.status).toBe('rejected');
    const mine = (await her.get('/api/studio/content')).json() as {
      data: { id: number; status: string; reason: string }[];
    };
    expect(mine.data.find((d) => d.id === galleryId)).toMatchObject({
      status: 'rejected',
      reason: 'Pictures too dark',
    });
    expect((await audits(galleryId))[0]).toMatchObject({ action: 'content.reject', reason: 'Pictures too dark' });
    expect((await post(moderator.client, '/admin/review/abc/reject', { token, reason: 'x' })).statusCode).toBe(404);
  });

  it('keeps the published version while an edit waits, and shows the edit once approved', async () => {
    const { galleryId, reviewId } = await newGallery('Old title');
    let token = tokenOf((await queue(moderator.client)).body);
    await post(moderator.client, `/admin/review/${reviewId}/approve`, { token });
    const edit = await her.patch(`/api/studio/content/galleries/${galleryId}`, {
      titleEn: 'New title',
      titleDe: 'Neuer Titel',
      descriptionEn: '',
      descriptionDe: '',
      tags: [],
      price: 40,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await catalogue()).find((g) => g.id === galleryId)?.title).toBe('Old title');
    const page = await queue(moderator.client);
    expect(page.body).toContain('New title');
    const [pending] = await t.db
      .select()
      .from(contentReviews)
      .where(and(eq(contentReviews.galleryId, galleryId), eq(contentReviews.state, 'open')));
    token = tokenOf(page.body);
    const ok = await post(moderator.client, `/admin/review/${pending?.id}/approve`, { token });
    expect(ok.headers.location).toBe('/admin/review?done=editApproved');
    expect((await catalogue()).find((g) => g.id === galleryId)?.title).toBe('New title');
    expect((await t.db.select().from(galleries).where(eq(galleries.id, galleryId)))[0]?.price).toBe(40);
    expect((await audits(galleryId)).map((a) => a.action)).toContain('content.edit_approve');
  });
});
