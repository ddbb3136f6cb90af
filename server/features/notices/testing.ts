import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { videos } from '#server/db/schema/catalog.ts';
import { takedownNotices } from '#server/db/schema/content.ts';
import { createGallery, createVideo } from '#server/test/catalog.ts';
import type { TestClient, TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, signIn } from '#server/test/operators.ts';
import { createTestPerformer } from '#server/test/performers.ts';

/* What the notice and complaint tests share: the operators who decide, scenes, and the console's calls. */

export const ORIGIN = 'http://localhost:3000';
let n = 0;

/** A moderator and an admin, signed in to the console. */
export async function noticeDesk(t: TestContext) {
  const m = await createTestOperator(t, { roles: ['moderator'], name: 'Mod One' });
  const moderator = t.client();
  await signIn(moderator, m);
  const a = await createTestOperator(t, { roles: ['admin'], name: 'Admin Two' });
  const admin = t.client();
  await signIn(admin, a);
  return { moderator, moderatorId: m.id, admin };
}

/** A performer with a video and a gallery, and a notice about the video sent by a visitor. */
export async function scene(t: TestContext, opts: { lang?: string; email?: string | null } = {}) {
  n += 1;
  const { performer, show } = await createTestPerformer(t, { email: `notice-performer-${n}@example.com` });
  const video = await createVideo(t.db, show.id, { titleEn: `Clip ${n}` });
  const gallery = await createGallery(t.db, show.id);
  const email = opts.email === undefined ? `notifier-${n}@example.com` : opts.email;
  const visitor = t.client(opts.lang ?? 'en');
  const res = await visitor.post('/api/takedown', {
    name: 'Rights Holder',
    email: email ?? '',
    urls: [`${ORIGIN}/videos/clip/${video.id}`, 'https://elsewhere.example/x'],
    category: email ? 'copyright' : 'minor',
    explanation: 'This is my film.',
    good_faith: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { performer, show, video, gallery, email, noticeId: res.json().id as number };
}

/** A decision as the console's notice page sends it (the console API, an action key of its own). */
export function decide(client: TestClient, noticeId: number, fields: Record<string, unknown>, key?: string) {
  return act(client, 'POST', `/api/admin/notices/${noticeId}/decision`, { automated: false, ...fields }, key);
}

export function decideComplaint(
  client: TestClient,
  complaintId: number,
  fields: Record<string, unknown>,
  key?: string,
) {
  return act(client, 'POST', `/api/admin/notices/complaints/${complaintId}/decision`, fields, key);
}

export const noticeRow = async (t: TestContext, id: number) =>
  (await t.db.select().from(takedownNotices).where(eq(takedownNotices.id, id)))[0];
export const videoStatus = async (t: TestContext, id: number) =>
  (await t.db.select({ s: videos.status }).from(videos).where(eq(videos.id, id)))[0]?.s;

export const REMOVE = {
  action: 'remove',
  ground: 'illegal',
  reasoning: 'The clip is the notifier’s film, shown without a licence.',
};
