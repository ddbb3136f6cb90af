import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversations } from '#server/db/schema/messages.ts';
import { users } from '#server/db/schema/users.ts';
import { createShow } from '#server/test/catalog.ts';
import { expectRefused } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { conversationById } from './data.ts';
import { mailIfAway, replyToMember } from './replies.ts';
import { sendToShow, writer } from './testing.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { CHAT_TIP_AMOUNTS: '10,50', CHAT_PERFORMER_SHARE_PERCENT: '50' } });
});
afterAll(() => t.close());

const reply = (conversationId: number, body = 'Thanks!') => replyToMember(t.app.ctx, { conversationId, body });

describe('telling the member', () => {
  it('mails a member who is away once per conversation and day, not one who is here or said no', async () => {
    const show = await createShow(t.db, { showName: 'Mailing Mia' });
    const m = await writer(t, 0);
    const { email } = m;
    const c = (await sendToShow(m, show)).json().data.conversation.id;
    const mailsTo = async () =>
      (await t.mails()).filter((x) => x.toAddress === email && x.subject.includes('Mailing Mia'));
    const here = vi.spyOn(t.app.ctx.realtime, 'isConnected').mockResolvedValue(true);
    await reply(c);
    await t.app.ctx.background.settled();
    expect(await mailsTo()).toHaveLength(0);
    here.mockResolvedValue(false);
    await reply(c, 'Second');
    await reply(c, 'Third');
    await t.app.ctx.background.settled();
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`/messages/${c}`);
    here.mockRestore();
    // Another day, but she turned the mails off.
    await t.db.update(conversations).set({ memberMailedOn: '2000-01-01' }).where(eq(conversations.id, c));
    await t.db.update(users).set({ messageMail: false }).where(eq(users.id, m.userId));
    const row = await conversationById(t.db, c);
    if (!row) throw new Error('no conversation');
    expect(await mailIfAway(t.app.ctx, row)).toBe(false);
    await t.db.update(users).set({ messageMail: true, locale: 'de' }).where(eq(users.id, m.userId));
    expect(await mailIfAway(t.app.ctx, row)).toBe(true);
    const german = (await t.mails()).find((x) => x.toAddress === email && x.subject.includes('hat Ihnen geantwortet'));
    expect(german).toBeDefined();
  });

  it('mails no member whose address is unconfirmed: anyone can sign up with someone else’s', async () => {
    const show = await createShow(t.db, { showName: 'Unconfirmed Una' });
    const m = await writer(t, 0);
    const { email } = m;
    const c = (await sendToShow(m, show)).json().data.conversation.id;
    await t.db.update(users).set({ isVerified: false }).where(eq(users.id, m.userId));
    vi.spyOn(t.app.ctx.realtime, 'isConnected').mockResolvedValue(false);
    try {
      await reply(c);
      await t.app.ctx.background.settled();
      const mailsTo = async () =>
        (await t.mails()).filter((x) => x.toAddress === email && x.subject.includes('Unconfirmed Una'));
      expect(await mailsTo()).toEqual([]);
      // The day is not used up: once she confirms, the next reply mails her.
      const [row] = await t.db.select().from(conversations).where(eq(conversations.id, c));
      expect(row?.memberMailedOn).toBeNull();
      await t.db.update(users).set({ isVerified: true }).where(eq(users.id, m.userId));
      await reply(c, 'Again');
      await t.app.ctx.background.settled();
      expect(await mailsTo()).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('limits sends per member and minute', async () => {
    const show = await createShow(t.db);
    const m = await writer(t, 0);
    for (let i = 0; i < 10; i++) expect((await sendToShow(m, show, { body: `No ${i}` })).statusCode).toBe(200);
    await expectRefused(t, () => sendToShow(m, show), 429, 'throttle');
  });
});
