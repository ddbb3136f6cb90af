import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performerSessions } from '#server/db/schema/performers.ts';
import { createShow } from '#server/test/catalog.ts';
import { expectRefused } from '#server/test/fixtures.ts';
import { createTestApp, TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, PERFORMER_PASSWORD } from '#server/test/performers.ts';
import { createPerformerAccount } from './create-performer.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A partner's show (content provider 2): her chat and stream are the partner's. */
const partnerShow = () => createShow(t.db, { showName: 'Partner Star', contentproviderId: 2 });

describe('a partner show in the studio', () => {
  it('gets no account from npm run performer:create', async () => {
    const show = await partnerShow();
    expect(await createPerformerAccount(t.db, { email: 'partner@example.com', show: show.universalId })).toBe(
      'partner_show',
    );
  });

  it('refuses a login made earlier with 403 partner_show once the password is right, and opens no session', async () => {
    const { performer } = await createTestPerformer(t, { email: 'partner-old@example.com', show: await partnerShow() });
    const client = new TestClient(t.app, 'en', '127.0.0.1');
    await client.get('/api/auth/csrf-cookie');
    const send = (password: string) => client.post('/api/studio/login', { email: performer.email, password });
    // A wrong password learns nothing about the show.
    await expectRefused(t, () => send('not-her-password'), 401, 'unknown_credentials');
    const body = await expectRefused(t, () => send(PERFORMER_PASSWORD), 403, 'partner_show');
    expect(body.message).toBe('partner_show');
    expect(await t.db.select().from(performerSessions).where(eq(performerSessions.performerId, performer.id))).toEqual(
      [],
    );
  });
});
