import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { testServices } from '#server/env.ts';
import { balanceOf } from '#server/features/coins/data.ts';
import { createShow, createVideo, type TestShow } from '#server/test/catalog.ts';
import { type BulkMember, insertMembers, walletsOffLedger } from '#server/test/chat-members.ts';
import { PASSWORD } from '#server/test/fixtures.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import { freePort, HttpBrowser, type ServerProcess, startServerProcess } from '#server/test/server-process.ts';

const MINUTE_SECONDS = 2;
const PRICE = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The server runs as its own process on a database of this test, and only PostgreSQL can be shared
// with a second process (PGlite lives inside one): PostgreSQL only.
describe.skipIf(!testServices().databaseUrl)(
  'a chat server killed mid-minute (needs TEST_DATABASE_URL: real PostgreSQL)',
  () => {
    let database: Database;
    let drop: () => Promise<void>;
    let url: string;
    let dataDir: string;
    let port: number;
    let show: TestShow;
    let member: BulkMember;
    const running: ServerProcess[] = [];

    beforeAll(async () => {
      const opened = await openTestDatabase();
      database = opened.database;
      drop = opened.drop;
      url = opened.url ?? '';
      dataDir = mkdtempSync(path.join(tmpdir(), 'livecam-crash-'));
      port = await freePort();
      // On air without a camera: with demo broadcasts on, a show that is online at the start and
      // has a video part streams that clip (read only once somebody watches, so no file is needed).
      show = await createShow(database.db, { online: true, free: true, pricePerMinute: PRICE });
      await createVideo(database.db, show.id);
      [member] = (await insertMembers(database.db, [100])) as [BulkMember];
    });
    afterAll(async () => {
      for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await Promise.all(running.map((p) => p.exited));
      await drop?.();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    /** The server as `npm start` runs it, minutes of MINUTE_SECONDS, the same node name every time. */
    async function server() {
      const p = startServerProcess({
        NODE_ENV: 'development',
        DATABASE_URL: url,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
        SEED_DEMO: 'false',
        DEMO_PRESENCE: 'off',
        DEMO_BROADCASTS: 'on',
        CHAT_MINUTE_SECONDS: String(MINUTE_SECONDS),
        NODE_NAME: 'chat-crash-test',
        LOG_LEVEL: 'warn',
      });
      running.push(p);
      await p.listening();
      return p;
    }

    const sessionRow = async (id: string) =>
      (await database.db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0];
    const chatRows = async (id: string) =>
      (
        await database.db
          .select()
          .from(coinLedger)
          .where(like(coinLedger.reference, `chat:${id}`))
      )
        .map((r) => [r.idempotencyKey, r.delta])
        .sort();
    const earnings = async () => {
      const [row] = await database.db.select({ id: shows.earningsUserId }).from(shows).where(eq(shows.id, show.id));
      return row?.id ? balanceOf(database.db, row.id) : 0;
    };

    it('keeps the minute paid before a kill -9 paid once, and settles the session on restart without another', {
      timeout: 60_000,
    }, async () => {
      const first = await server();
      const browser = new HttpBrowser(`http://127.0.0.1:${port}`);
      expect((await browser.post('/api/auth/login', { username: member.email, password: PASSWORD })).status).toBe(200);
      const started = await browser.post(`/api/chatsession/${show.universalId}`, { type: 'private' });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const id = (started.body as { login: string }).login;

      // Into the second minute: the server's own tick has paid it; the kill comes well before the third.
      await expect.poll(async () => (await sessionRow(id))?.billedMinutes, { interval: 50, timeout: 10_000 }).toBe(2);
      const beforeKill = await sessionRow(id);
      const due = beforeKill?.nextMinuteAt?.getTime() ?? 0;
      expect(due - Date.now()).toBeGreaterThan(500);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      // What the dead process left: two whole minutes, the session still open, the ledger whole.
      const paid = [
        [`chat:${id}:1`, -PRICE],
        [`chat:${id}:1:in`, PRICE / 2],
        [`chat:${id}:2`, -PRICE],
        [`chat:${id}:2:in`, PRICE / 2],
      ].sort();
      expect(await sessionRow(id)).toMatchObject({ billedMinutes: 2, endedAt: null });
      expect(await chatRows(id)).toEqual(paid);
      expect(await balanceOf(database.db, member.user.id)).toBe(100 - 2 * PRICE);
      expect(await earnings()).toBe(PRICE);
      expect(await walletsOffLedger(database.db)).toEqual([]);

      // The third minute comes due while no process holds the session; then the same node restarts.
      await sleep(Math.max(0, due - Date.now()) + 500);
      const second = await server();
      const settled = await sessionRow(id);
      expect(settled).toMatchObject({ billedMinutes: 2, endReason: 'chat.ended_interrupted', nextMinuteAt: null });
      const heartbeat = await browser.post(`/api/chatsession/heartbeat/${id}`);
      expect(heartbeat.status).toBe(200);
      expect(heartbeat.body).toMatchObject({
        session: { open: false, endReason: 'chat.ended_interrupted', minutes: 2 },
      });

      // A minute and a tick later, nothing more was billed.
      await sleep(MINUTE_SECONDS * 1000 + 1_200);
      expect(await chatRows(id)).toEqual(paid);
      expect(await balanceOf(database.db, member.user.id)).toBe(100 - 2 * PRICE);
      expect(await earnings()).toBe(PRICE);
      expect(await walletsOffLedger(database.db)).toEqual([]);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    });
  },
);
