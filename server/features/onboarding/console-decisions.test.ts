import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REASON_TOO_SHORT, RECORD_ERRORS } from '#common/api/admin-performers.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { performerRecords } from '#server/db/schema/onboarding.ts';
import { performers } from '#server/db/schema/performers.ts';
import { awaitMail } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { readyApplicant } from '#server/test/onboarding.ts';
import { act, newActionKey } from '#server/test/operators.ts';
import { auditOf, base, operator, passedApplicant, RECORD, statusOf } from './console-testing.ts';
import { performerMayPublish } from './data.ts';

/** The console's decisions on applications: approve with the 2257 record, reject with a reason. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('approving an application', () => {
  it('makes and lists her show, stores the record, makes her active, audits it once per key, and tells the consoles', async () => {
    const a = await passedApplicant(t);
    const { op, client } = await operator(t, ['moderator']);
    const told = vi.spyOn(t.app.ctx.realtime, 'toOperators');
    const key = newActionKey();
    const res = await act(client, 'POST', `${base(a.id)}/approve`, RECORD, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'done', status: 'active' });
    expect(told).toHaveBeenCalledWith(['performers'], 'console:changed', { topics: ['performers'] });
    told.mockRestore();
    const [row] = await t.db.select().from(performers).where(eq(performers.id, a.id));
    expect(row?.status).toBe('active');
    const [show] = await t.db
      .select()
      .from(shows)
      .where(eq(shows.id, row?.showId ?? 0));
    expect(show?.showName).toBe(a.showName);
    expect((await a.client.get(`/api/shows/${show?.universalId}`)).statusCode).toBe(200);
    const [record] = await t.db.select().from(performerRecords).where(eq(performerRecords.performerId, a.id));
    expect(record).toMatchObject({
      legalName: 'Maria Example',
      dateOfBirth: '1995-04-12',
      idNumber: 'C01X00T47',
      custodian: t.config.legal.records,
      recordedBy: op.id,
    });
    const audit = await auditOf(t, a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: op.id, action: 'performer.approve', formKey: key });
    expect(JSON.stringify(audit)).not.toContain('Maria Example');
    expect(JSON.stringify(audit)).not.toContain('C01X00T47');
    await awaitMail(t, a.email, 'Your studio');
    expect((await a.client.get('/api/studio/me')).statusCode).toBe(200);
    expect(await performerMayPublish(t.db, a.id)).toBe(true);
    // The same key again: answered as a repeat, nothing done twice.
    const again = await act(client, 'POST', `${base(a.id)}/approve`, RECORD, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'repeat', status: 'active' });
    // Another key: decided already.
    const other = await act(client, 'POST', `${base(a.id)}/approve`, RECORD);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'conflict', message: 'decided' });
    const rejectNow = await act(client, 'POST', `${base(a.id)}/reject`, { reason: 'Changed my mind.' });
    expect(rejectNow.statusCode).toBe(409);
    expect(await auditOf(t, a.id)).toHaveLength(1);
    expect(await t.db.select().from(performerRecords).where(eq(performerRecords.performerId, a.id))).toHaveLength(1);
    expect(await statusOf(t, a.id)).toBe('active');
  });

  it('acts once for two requests with one key at once', async () => {
    const a = await passedApplicant(t);
    const { client } = await operator(t, ['admin']);
    const key = newActionKey();
    const answers = await Promise.all([1, 2].map(() => act(client, 'POST', `${base(a.id)}/approve`, RECORD, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().outcome).sort()).toEqual(['done', 'repeat']);
    expect(await auditOf(t, a.id, 'performer.approve')).toHaveLength(1);
  });

  it('refuses an underage, incomplete or oversized record (422 by field), a missing or malformed key (400), and a check not passed (409)', async () => {
    const a = await passedApplicant(t);
    const { client } = await operator(t, ['admin']);
    const url = `${base(a.id)}/approve`;
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ ...RECORD, dateOfBirth: young.toISOString().slice(0, 10) }, 'dateOfBirth', RECORD_ERRORS.underage],
      [{ ...RECORD, dateOfBirth: '1995-02-30' }, 'dateOfBirth', RECORD_ERRORS.dateOfBirth],
      [{ ...RECORD, legalName: '' }, 'legalName', RECORD_ERRORS.legalName],
      [{ ...RECORD, idType: 'library_card' }, 'idType', RECORD_ERRORS.idType],
      [{ ...RECORD, idNumber: '<x>' }, 'idNumber', RECORD_ERRORS.idNumber],
      [{ ...RECORD, checkedOn: '2999-01-01' }, 'checkedOn', RECORD_ERRORS.checkedOn],
      [{ ...RECORD, legalName: 'x'.repeat(5000) }, 'legalName', 'errors.validations.too_long'],
      [{ ...RECORD, legalName: 'Maria\u0000Example' }, 'legalName', 'errors.validations.control_characters'],
      [{ ...RECORD, idNumber: 47 }, 'idNumber', 'errors.validations.type.text'],
      [{ legalName: 'Maria Example' }, 'dateOfBirth', 'errors.validations.required'],
    ];
    for (const [body, field, key] of bad) {
      const res = await act(client, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().errors?.[field], field).toEqual([key]);
    }
    const noKey = await client.post(url, RECORD);
    expect(noKey.statusCode).toBe(400);
    const badKey = await client.post(url, RECORD, { 'idempotency-key': 'short' });
    expect(badKey.statusCode).toBe(400);
    const noCsrf = await client.raw('POST', url, {
      payload: JSON.stringify(RECORD),
      headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey() },
    });
    expect(noCsrf.statusCode).toBe(419);
    const notJson = await act(client, 'POST', url, 'legalName=Maria');
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect(await statusOf(t, a.id)).toBe('pending');
    expect(await auditOf(t, a.id, 'performer.approve')).toHaveLength(0);
    const notPassed = await readyApplicant(t);
    expect((await client.get(base(notPassed.id))).json().approvable).toBe(false);
    const refused = await act(client, 'POST', `${base(notPassed.id)}/approve`, RECORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'state' });
    expect(await statusOf(t, notPassed.id)).toBe('pending');
    expect((await act(client, 'POST', `${base(99999999)}/approve`, RECORD)).statusCode).toBe(404);
  });
});

describe('rejecting an application', () => {
  it('needs a reason of 5 to 1000 characters, which she reads in her studio and by mail; once per key', async () => {
    const a = await readyApplicant(t);
    const { op, client } = await operator(t, ['moderator']);
    const url = `${base(a.id)}/reject`;
    const refusals: [unknown, string][] = [
      [{ reason: 'no' }, REASON_TOO_SHORT],
      [{ reason: '   ' }, 'errors.validations.required'],
      [{}, 'errors.validations.required'],
      [{ reason: 'x'.repeat(1001) }, 'errors.validations.too_long'],
      [{ reason: 'Blurred\u0007selfie' }, 'errors.validations.control_characters'],
    ];
    for (const [body, key] of refusals) {
      const res = await act(client, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.json().errors?.reason).toEqual([key]);
    }
    expect((await client.post(url, { reason: 'The selfie is blurred.' })).statusCode).toBe(400);
    expect(await statusOf(t, a.id)).toBe('pending');
    const key = newActionKey();
    const res = await act(client, 'POST', url, { reason: '  The selfie is blurred.\r\nPlease try again. ' }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outcome: 'done', status: 'rejected' });
    expect(await statusOf(t, a.id)).toBe('rejected');
    const mine = (await a.client.get('/api/studio/application')).json();
    expect(mine.performer.status).toBe('rejected');
    expect(mine.application.rejectionReason).toBe('The selfie is blurred.\nPlease try again.');
    const mail = await awaitMail(t, a.email, 'Your application');
    expect(mail.textBody).toContain('The selfie is blurred.');
    expect((await a.client.get('/api/studio/me')).statusCode).toBe(401);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.formKey, key));
    expect(audit).toEqual([
      expect.objectContaining({
        operatorId: op.id,
        action: 'performer.reject',
        reason: 'The selfie is blurred.\nPlease try again.',
      }),
    ]);
    const again = await act(client, 'POST', url, { reason: '  The selfie is blurred.\r\nPlease try again. ' }, key);
    expect(again.json()).toEqual({ outcome: 'repeat', status: 'rejected' });
    expect(await auditOf(t, a.id, 'performer.reject')).toHaveLength(1);
    const page = (await client.get(base(a.id))).json();
    expect(page).toMatchObject({
      status: 'rejected',
      open: false,
      rejectionReason: 'The selfie is blurred.\nPlease try again.',
    });
  });
});
