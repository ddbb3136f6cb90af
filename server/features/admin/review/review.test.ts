import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleries } from '#server/db/schema/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { act, newActionKey } from '#server/test/operators.ts';
import { deskOperator } from '#server/test/support-desk.ts';
import {
  audits,
  catalogue,
  editGallery,
  itemOf,
  newGallery,
  openReviewOfGallery,
  queueOf,
  type ReviewWorld,
  reviewWorld,
} from './testing.ts';

let w: ReviewWorld;
let moderator: Awaited<ReturnType<typeof deskOperator>>;
beforeAll(async () => {
  w = await reviewWorld();
  moderator = await deskOperator(w.t, ['moderator']);
});
afterAll(() => w.close());

const approve = (client = moderator.client, id: number, key?: string) =>
  act(client, 'POST', `/api/admin/review/${id}/approve`, {}, key);
const reject = (client = moderator.client, id: number, body: unknown, key?: string) =>
  act(client, 'POST', `/api/admin/review/${id}/reject`, body, key);
const statusOf = async (galleryId: number) =>
  (await w.t.db.select().from(galleries).where(eq(galleries.id, galleryId)))[0]?.status;

describe('who reaches the review queue', () => {
  it('moderators and admins; support 403, members 403, visitors and performers 401', async () => {
    const { reviewId } = await newGallery(w, 'Who may see');
    const urls = ['/api/admin/review', `/api/admin/review/${reviewId}`];
    for (const url of urls) {
      expect((await moderator.client.get(url)).statusCode, url).toBe(200);
      expect((await (await deskOperator(w.t, ['admin'])).client.get(url)).statusCode, url).toBe(200);
      expect((await (await deskOperator(w.t, ['support'])).client.get(url)).statusCode, url).toBe(403);
      expect((await w.t.client().get(url)).statusCode, url).toBe(401);
      const { client: member } = await registerAndVerify(w.t, `review-member-${Date.now()}@example.com`);
      expect((await member.get(url)).statusCode, url).toBe(403);
      expect((await w.her.get(url)).statusCode, url).toBe(401);
    }
  });
});

describe('approve', () => {
  it('publishes a processed item once per key (audited), refuses without key, CSRF or capability, and it is in the catalogue', async () => {
    const { galleryId, reviewId } = await newGallery(w, 'Garden party');
    expect(await catalogue(w)).toEqual([]);
    const queued = await queueOf(moderator.client);
    expect(queued.items.find((i) => i.id === reviewId)).toMatchObject({
      kind: 'new_gallery',
      title: { en: 'Garden party', de: 'Garden party' },
    });

    // No key, a malformed key, no CSRF header, a support operator: refused, nothing changed.
    const url = `/api/admin/review/${reviewId}/approve`;
    const noKey = await moderator.client.post(url, {});
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ error: 'bad_request', message: 'action_key' });
    expect((await moderator.client.post(url, {}, { 'idempotency-key': 'short' })).statusCode).toBe(400);
    const noCsrf = await moderator.client.raw('POST', url, {
      payload: '{}',
      headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey() },
    });
    expect(noCsrf.statusCode).toBe(419);
    const support = await deskOperator(w.t, ['support']);
    expect((await approve(support.client, reviewId)).statusCode).toBe(403);
    expect((await approve(w.t.client(), reviewId)).statusCode).toBe(401);
    expect(await audits(w, 'gallery', galleryId)).toEqual([]);
    expect(await statusOf(galleryId)).toBe('pending');

    const key = newActionKey();
    const ok = await approve(moderator.client, reviewId, key);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ outcome: 'done', id: reviewId });
    const again = await approve(moderator.client, reviewId, key);
    expect(again.json()).toEqual({ outcome: 'repeat', id: reviewId });
    // Another action on it now: decided already.
    const late = await approve(moderator.client, reviewId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'conflict', message: 'review_decided' });
    expect((await reject(moderator.client, reviewId, { reason: 'Too late' })).statusCode).toBe(409);
    expect((await catalogue(w)).map((g) => g.id)).toEqual([galleryId]);
    const entries = await audits(w, 'gallery', galleryId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'content.approve', operatorId: moderator.operator.id, formKey: key });
    // Decided: out of the queue.
    expect((await queueOf(moderator.client)).items.map((i) => i.id)).not.toContain(reviewId);
    expect((await moderator.client.get(`/api/admin/review/${reviewId}`)).statusCode).toBe(404);
  });

  it('decides once when the same key arrives twice at once', async () => {
    const { galleryId, reviewId } = await newGallery(w, 'Twice at once');
    const key = newActionKey();
    const answers = await Promise.all([
      approve(moderator.client, reviewId, key),
      approve(moderator.client, reviewId, key),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().outcome).sort()).toEqual(['done', 'repeat']);
    expect(await audits(w, 'gallery', galleryId)).toHaveLength(1);
  });

  it('answers 404 for an unknown review and one still being processed, 422 for an id that is none', async () => {
    const { galleryId, reviewId } = await newGallery(w, 'Not processed yet', { process: false });
    expect((await queueOf(moderator.client)).items.map((i) => i.id)).not.toContain(reviewId);
    expect((await moderator.client.get(`/api/admin/review/${reviewId}`)).statusCode).toBe(404);
    expect((await approve(moderator.client, reviewId)).statusCode).toBe(404);
    expect((await approve(moderator.client, 99_999_999)).statusCode).toBe(404);
    expect(await statusOf(galleryId)).toBe('pending');
    for (const id of ['abc', '0', '-3', '99999999999']) {
      expect((await moderator.client.get(`/api/admin/review/${id}`)).statusCode, id).toBe(422);
      const res = await act(moderator.client, 'POST', `/api/admin/review/${id}/approve`);
      expect(res.statusCode, id).toBe(422);
    }
    expect(await audits(w, 'gallery', galleryId)).toEqual([]);
  });
});

describe('reject', () => {
  it('only with a reason (422 without, too long, or with control characters), which the performer then reads', async () => {
    const { galleryId, reviewId } = await newGallery(w, 'Blurry night');
    const refusals: [unknown, string][] = [
      [{}, 'errors.validations.required'],
      [{ reason: '   ' }, 'errors.validations.required'],
      [{ reason: 'x'.repeat(501) }, 'errors.validations.too_long'],
      [{ reason: 'bell \u0007 rings' }, 'errors.validations.control_characters'],
      [{ reason: ['x'] }, 'errors.validations.type.text'],
    ];
    for (const [body, key] of refusals) {
      const res = await reject(moderator.client, reviewId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.json().errors.reason).toEqual([key]);
    }
    const huge = await reject(moderator.client, reviewId, { reason: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    const malformed = await moderator.client.raw('POST', `/api/admin/review/${reviewId}/reject`, {
      payload: '{"reason":',
      headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey(), ...moderator.client.xsrf() },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await statusOf(galleryId)).toBe('pending');
    expect(await audits(w, 'gallery', galleryId)).toEqual([]);

    const res = await reject(moderator.client, reviewId, { reason: '  Pictures too dark,\r\nplease retake  ' });
    expect(res.json()).toEqual({ outcome: 'done', id: reviewId });
    expect(await statusOf(galleryId)).toBe('rejected');
    const mine = (await w.her.get('/api/studio/content')).json() as {
      data: { id: number; status: string; reason: string }[];
    };
    expect(mine.data.find((d) => d.id === galleryId)).toMatchObject({
      status: 'rejected',
      reason: 'Pictures too dark,\nplease retake',
    });
    expect((await audits(w, 'gallery', galleryId))[0]).toMatchObject({
      action: 'content.reject',
      reason: 'Pictures too dark,\nplease retake',
      operatorId: moderator.operator.id,
    });
  });
});

describe('a change of a published item', () => {
  it('keeps the published version while it waits, shows before and after, and is shown once approved', async () => {
    const { galleryId, reviewId } = await newGallery(w, 'Old title');
    expect((await approve(moderator.client, reviewId)).statusCode).toBe(200);
    const edit = await editGallery(w, galleryId, 'New title', 40);
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await catalogue(w)).find((g) => g.id === galleryId)?.title).toBe('Old title');
    const pending = await openReviewOfGallery(w, galleryId);
    const edits = await queueOf(moderator.client, '?kind=gallery_edit');
    expect(edits.items.map((i) => i.id)).toContain(pending);
    expect(edits.items.every((i) => i.kind === 'gallery_edit')).toBe(true);
    expect((await queueOf(moderator.client, '?kind=new_gallery')).items.map((i) => i.id)).not.toContain(pending);
    const item = await itemOf(moderator.client, pending);
    expect(item).toMatchObject({
      kind: 'gallery_edit',
      texts: [
        { field: 'titleEn', current: 'Old title', proposed: 'New title' },
        { field: 'titleDe', current: 'Old title', proposed: 'New title (de)' },
      ],
      price: { current: 10, proposed: 40 },
      parts: null,
      poster: false,
    });
    expect(item.pictures).toHaveLength(1);

    const ok = await approve(moderator.client, pending);
    expect(ok.json()).toEqual({ outcome: 'done', id: pending });
    expect((await catalogue(w)).find((g) => g.id === galleryId)?.title).toBe('New title');
    expect((await w.t.db.select().from(galleries).where(eq(galleries.id, galleryId)))[0]?.price).toBe(40);
    expect((await audits(w, 'gallery', galleryId)).map((a) => a.action)).toContain('content.edit_approve');
  });

  it('a rejected change leaves the published version as it was', async () => {
    const { galleryId, reviewId } = await newGallery(w, 'Stays');
    await approve(moderator.client, reviewId);
    await editGallery(w, galleryId, 'Never shown', 99);
    const pending = await openReviewOfGallery(w, galleryId);
    expect((await reject(moderator.client, pending, { reason: 'Price too high' })).statusCode).toBe(200);
    expect((await catalogue(w)).find((g) => g.id === galleryId)?.title).toBe('Stays');
    expect(await statusOf(galleryId)).toBe('published');
    expect((await audits(w, 'gallery', galleryId)).find((a) => a.action === 'content.edit_reject')).toMatchObject({
      reason: 'Price too high',
    });
  });
});
