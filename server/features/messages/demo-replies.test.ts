import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performers } from '#server/db/schema/performers.ts';
import { users } from '#server/db/schema/users.ts';
import { listDelayed } from '#server/features/jobs/delayed.ts';
import { DEMO_PERFORMER_DOMAIN } from '#server/features/studio/login.ts';
import { createShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { DEMO_REPLY_JOB } from './demo-replies.ts';
import { replyToMember } from './replies.ts';
import { sendToShow, writer } from './testing.ts';

const DELAY_MS = 5_000;

/**
 * Demo replies are delayed jobs (decision 050): a member writes through one process, and the
 * answer comes once, after the delay, from whichever process claims it.
 */
describe('demo replies through the job queue', () => {
  let a: TestContext;
  let b: TestContext;
  const env = { DEMO_MESSAGE_REPLY_SECONDS: String(DELAY_MS / 1000), DEMO_PRESENCE: 'off', NODE_NAME: 'api-a' };
  beforeAll(async () => {
    a = await createTestApp({ env });
    b = await createTestApp({ sharing: a, env: { ...env, NODE_NAME: 'api-b' } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const demoShow = async (showName: string) => {
    const show = await createShow(a.db, { showName });
    await a.db
      .insert(performers)
      .values({ showId: show.id, email: `demo${show.id}@${DEMO_PERFORMER_DOMAIN}`, passwordHash: 'x' });
    return show;
  };
  const messages = async (m: Awaited<ReturnType<typeof writer>>, id: number) =>
    (await m.client.get(`/api/conversations/${id}/messages`)).json().data as { author: string; message: string }[];

  it('answers once after the delay, in her language, the newer message replacing the waiting answer', async () => {
    const show = await demoShow('Demo Queue Dora');
    const m = await writer(a, 0);
    await a.db.update(users).set({ locale: 'de' }).where(eq(users.id, m.userId));
    const written = Date.now();
    const first = (await sendToShow(m, show, { body: 'First' })).json().data;
    const id = first.conversation.id as number;
    const second = await sendToShow(m, show, { body: 'Second' });
    expect(second.statusCode).toBe(200);
    const pending = (await listDelayed(a.db)).filter((j) => j.key === `${DEMO_REPLY_JOB}:${id}`);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ name: DEMO_REPLY_JOB, state: 'pending', attempts: 0 });

    // Not yet due, on either process.
    expect((await b.app.ctx.scheduler.runDue(new Date(written + 1_000))).delayed).toBe(0);
    expect((await messages(m, id)).map((x) => x.author)).toEqual(['member', 'member']);

    // Due: both processes look at once, one answers.
    const due = new Date(Date.now() + DELAY_MS + 1);
    const runs = await Promise.all([a.app.ctx.scheduler.runDue(due), b.app.ctx.scheduler.runDue(due)]);
    expect(runs.map((r) => r.delayed).sort()).toEqual([0, 1]);
    await a.app.ctx.background.settled();
    await b.app.ctx.background.settled();
    const thread = await messages(m, id);
    expect(thread.map((x) => x.author)).toEqual(['member', 'member', 'show']);
    expect(thread.at(-1)?.message).toMatch(/Sie|Ihre/);
    expect(await listDelayed(a.db)).toEqual([]);
    expect((await a.app.ctx.scheduler.runDue(new Date(due.getTime() + DELAY_MS))).delayed).toBe(0);
  });

  it('stays quiet when she was answered meanwhile', async () => {
    const show = await demoShow('Demo Queue Ida');
    const m = await writer(a, 0);
    const id = (await sendToShow(m, show)).json().data.conversation.id as number;
    await replyToMember(a.app.ctx, { conversationId: id, body: 'Hi there' });
    await b.app.ctx.scheduler.runDue(new Date(Date.now() + DELAY_MS + 1));
    await a.app.ctx.background.settled();
    expect((await messages(m, id)).map((x) => x.author)).toEqual(['member', 'show']);
  });
});
