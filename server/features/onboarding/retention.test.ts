import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performerApplications } from '#server/db/schema/onboarding.ts';
import { performers } from '#server/db/schema/performers.ts';
import { createShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { picture, signUpApplicant, upload } from '#server/test/onboarding.ts';
import { deleteRejectedPictures, REJECTED_PICTURES_KEPT_DAYS } from './retention.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const decidedAt = new Date('2026-03-01T12:00:00Z');

/** An applicant with a front and a selfie, then decided `status` at `decidedAt` (or left pending). */
async function applicantWithPictures(status: 'pending' | 'rejected' | 'active') {
  const { client, id } = await signUpApplicant(t);
  expect((await upload(client, 'id_front', await picture())).statusCode).toBe(200);
  expect((await upload(client, 'selfie', await picture('png'))).statusCode).toBe(200);
  if (status !== 'pending') {
    const showId = status === 'active' ? (await createShow(t.db)).id : null;
    await t.db.update(performers).set({ status, showId }).where(eq(performers.id, id));
    await t.db.update(performerApplications).set({ decidedAt }).where(eq(performerApplications.performerId, id));
  }
  const [row] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, id));
  return { id, keys: [row?.idFrontKey ?? '', row?.selfieKey ?? ''] };
}

const keysOf = async (id: number) => {
  const [row] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, id));
  return [row?.idFrontKey ?? null, row?.idBackKey ?? null, row?.selfieKey ?? null];
};

describe('the retention of identity pictures', () => {
  it('deletes a rejected applicant’s pictures once their days are over, and nobody else’s', async () => {
    const rejected = await applicantWithPictures('rejected');
    const approved = await applicantWithPictures('active');
    const pending = await applicantWithPictures('pending');
    const day = (n: number) => new Date(decidedAt.getTime() + n * DAY_MS);

    expect(await deleteRejectedPictures(t.db, t.storage, day(REJECTED_PICTURES_KEPT_DAYS - 1))).toEqual([]);
    for (const key of rejected.keys) expect(await t.storage.exists(key)).toBe(true);

    const swept = await deleteRejectedPictures(t.db, t.storage, day(REJECTED_PICTURES_KEPT_DAYS + 1));
    expect(swept).toEqual([rejected.id]);
    for (const key of rejected.keys) expect(await t.storage.exists(key)).toBe(false);
    expect(await keysOf(rejected.id)).toEqual([null, null, null]);
    for (const other of [approved, pending]) {
      for (const key of other.keys) expect(await t.storage.exists(key)).toBe(true);
      expect((await keysOf(other.id)).filter(Boolean)).toHaveLength(2);
    }
    // A second run finds nothing left.
    expect(await deleteRejectedPictures(t.db, t.storage, day(REJECTED_PICTURES_KEPT_DAYS + 2))).toEqual([]);
  });

  it('finishes a run that stopped between the files and the keys: a file gone already is no error', async () => {
    const rejected = await applicantWithPictures('rejected');
    await t.storage.delete(rejected.keys[0] ?? '');
    await t.storage.delete(rejected.keys[0] ?? '');
    const later = new Date(decidedAt.getTime() + (REJECTED_PICTURES_KEPT_DAYS + 1) * DAY_MS);
    expect(await deleteRejectedPictures(t.db, t.storage, later)).toEqual([rejected.id]);
    expect(await t.storage.exists(rejected.keys[1] ?? '')).toBe(false);
    expect(await keysOf(rejected.id)).toEqual([null, null, null]);
  });
});
