import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shows, videos } from '#server/db/schema/catalog.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { idCheckAttempts, performerApplications, performerRecords } from '#server/db/schema/onboarding.ts';
import { payoutStatements } from '#server/db/schema/payouts.ts';
import { performerSessions, performers } from '#server/db/schema/performers.ts';
import { phoneChatForwarding } from '#server/db/schema/phonechat.ts';
import { generateStatements } from '#server/features/payouts/mutations.ts';
import { createVideo } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { act, newActionKey } from '#server/test/operators.ts';
import { balanceAndLedger, earn } from '#server/test/payouts.ts';
import { auditOf, base, operator, passedApplicant, RECORD } from './console-testing.ts';
import { closedPerformerEmail } from './performer-closing.ts';

/** Support closes a performer's account on her written request (decision 069). */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const request = { reference: 'Letter 2026-201', reason: 'She asked in writing to close her account' };
const url = (id: number) => `${base(id)}/close`;

/** An approved performer, signed in to her studio, with a video, earnings and a payout statement. */
async function approvedPerformer() {
  const a = await passedApplicant(t);
  const { client } = await operator(t, ['moderator']);
  const approved = await act(client, 'POST', `${base(a.id)}/approve`, RECORD);
  expect(approved.statusCode, approved.body).toBe(200);
  const [row] = await t.db.select().from(performers).where(eq(performers.id, a.id));
  const showId = row?.showId ?? 0;
  await t.db
    .update(shows)
    .set({ sloganEn: 'Hello', descriptionDe: 'Hallo', city: 'Berlin', online: true })
    .where(eq(shows.id, showId));
  const video = await createVideo(t.db, showId);
  const account = await earn(t, showId, 'chat', 6000, new Date('2025-08-10T10:00:00Z'));
  const made = await generateStatements(t.app.ctx, {
    period: '2025-08',
    rate: 500,
    minimumCents: 5000,
    operatorId: null,
  });
  expect(made).toMatchObject({ ok: true });
  return { ...a, showId, videoId: video.id, account };
}

/** What the law keeps of her: it must be exactly the same after the closing. */
async function kept(id: number, account: number) {
  return {
    record: await t.db.select().from(performerRecords).where(eq(performerRecords.performerId, id)),
    attempts: await t.db.select().from(idCheckAttempts).where(eq(idCheckAttempts.performerId, id)),
    documents: await t.db
      .select({
        front: performerApplications.idFrontKey,
        back: performerApplications.idBackKey,
        selfie: performerApplications.selfieKey,
        check: performerApplications.idCheckState,
      })
      .from(performerApplications)
      .where(eq(performerApplications.performerId, id)),
    statements: await t.db.select().from(payoutStatements).where(eq(payoutStatements.earningsUserId, account)),
    ledger: await t.db.select().from(coinLedger).where(eq(coinLedger.userId, account)).orderBy(asc(coinLedger.id)),
    sums: await balanceAndLedger(t, account),
  };
}

/** Every table the closing may write: a refused request leaves all of it as it was. */
async function state() {
  const all = async (table: string) =>
    ((await t.db.execute(sql.raw(`select * from ${table} order by 1`))) as unknown as { rows: unknown[] }).rows;
  return {
    performers: await all('performers'),
    sessions: await all('performer_sessions'),
    shows: await all('shows'),
    videos: await all('videos'),
    applications: await all('performer_applications'),
    audit: await all('audit_log'),
  };
}

async function expectNothingChanged(send: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const before = await state();
  const res = await send();
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(await state()).toEqual(before);
}

describe('POST /api/admin/performers/:id/close', () => {
  it('ends her sessions, takes her show offline, erases her details, keeps the 2257 records, statements and ledger, audited', async () => {
    const p = await approvedPerformer();
    const keptBefore = await kept(p.id, p.account);
    expect(keptBefore.record).toHaveLength(1);
    expect(keptBefore.statements.length).toBeGreaterThan(0);
    expect((await p.client.get('/api/studio/me')).statusCode).not.toBe(401);

    await t.db.insert(phoneChatForwarding).values({ showId: p.showId, number: '+4915112345678' });
    const { op, client } = await operator(t, ['moderator']);
    const key = newActionKey();
    const ended = vi.spyOn(t.app.ctx.realtime, 'sessionsEnded');
    const res = await act(client, 'POST', url(p.id), request, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'done', status: 'closed' });
    expect(res.json().sessionsEnded).toBeGreaterThanOrEqual(1);
    // Her studio's sockets close at once, one call per ended session.
    expect(ended.mock.calls.filter(([e]) => 'performerSessionId' in e)).toHaveLength(res.json().sessionsEnded);
    ended.mockRestore();

    const [row] = await t.db.select().from(performers).where(eq(performers.id, p.id));
    expect(row).toMatchObject({ status: 'closed', email: closedPerformerEmail(p.id) });
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(performerSessions).where(eq(performerSessions.performerId, p.id))).toEqual([]);
    expect((await p.client.get('/api/studio/me')).statusCode).toBe(401);
    const login = await t.client().post('/api/studio/login', { email: p.email, password: 'whatever-it-was' });
    expect(login.statusCode).not.toBe(200);

    const [show] = await t.db.select().from(shows).where(eq(shows.id, p.showId));
    expect(show).toMatchObject({ online: false, sloganEn: '', descriptionDe: '', city: '', phoneExtension: null });
    expect(show?.withheldAt).toBeInstanceOf(Date);
    // Her private number goes: the line has nobody to dial.
    expect(await t.db.select().from(phoneChatForwarding).where(eq(phoneChatForwarding.showId, p.showId))).toEqual([]);
    expect((await t.client().get(`/api/shows/${show?.universalId}`)).statusCode).toBe(404);
    const [video] = await t.db.select().from(videos).where(eq(videos.id, p.videoId));
    expect(video?.status).toBe('removed');
    const [app] = await t.db.select().from(performerApplications).where(eq(performerApplications.performerId, p.id));
    expect(app?.emailTokenHash).toBeNull();

    // The records the law keeps: the very same rows, and her earnings ledger still adds up.
    const keptAfter = await kept(p.id, p.account);
    expect(keptAfter).toEqual(keptBefore);
    expect(keptAfter.sums.balance).toBe(keptAfter.sums.ledger);

    const audit = await auditOf(t, p.id, 'performer.close');
    expect(audit).toMatchObject([
      {
        operatorId: op.id,
        reason: request.reason,
        formKey: key,
        after: { status: 'closed', reference: request.reference },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(p.email);

    // The same key again is a repeat; another key finds her closed already: unchanged.
    expect((await act(client, 'POST', url(p.id), request, key)).json()).toMatchObject({ outcome: 'repeat' });
    const again = await act(client, 'POST', url(p.id), request);
    expect(again.json()).toEqual({ outcome: 'unchanged', status: 'closed', sessionsEnded: 0 });
    expect(await auditOf(t, p.id, 'performer.close')).toHaveLength(1);
  });

  it('closes an applicant too (no show yet): her sessions end and her details go', async () => {
    const a = await passedApplicant(t);
    const { client } = await operator(t, ['admin']);
    const res = await act(client, 'POST', url(a.id), request);
    expect(res.json()).toMatchObject({ outcome: 'done', status: 'closed' });
    expect((await a.client.get('/api/studio/application')).statusCode).toBe(401);
  });

  it('admits moderators and administrators only: support, a member, a performer and a visitor change nothing', async () => {
    const a = await passedApplicant(t);
    const { client: support } = await operator(t, ['support']);
    await expectNothingChanged(() => act(support, 'POST', url(a.id), request), 403);
    await expectNothingChanged(() => act(a.client, 'POST', url(a.id), request), 401);
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectNothingChanged(() => act(visitor, 'POST', url(a.id), request), 401);
    expect((await t.db.select().from(performers).where(eq(performers.id, a.id)))[0]?.status).toBe('pending');
  });

  it('refuses bad ids and bodies, and a missing action key, changing nothing', async () => {
    const a = await passedApplicant(t);
    const { client } = await operator(t, ['moderator']);
    for (const body of [{}, { reason: 'x' }, { reference: 'x' }, { reference: ' ', reason: 'x' }]) {
      await expectNothingChanged(() => act(client, 'POST', url(a.id), body), 422);
    }
    await expectNothingChanged(() => act(client, 'POST', url(a.id), { ...request, reference: 'r'.repeat(101) }), 422);
    await expectNothingChanged(() => act(client, 'POST', url(a.id), { ...request, reason: 'r'.repeat(5000) }), 422);
    await expectNothingChanged(() => act(client, 'POST', url(99_999_999), request), 404);
    await expectNothingChanged(() => act(client, 'POST', '/api/admin/performers/abc/close', request), 422);
    await expectNothingChanged(() => client.post(url(a.id), request), 400);
  });
});
