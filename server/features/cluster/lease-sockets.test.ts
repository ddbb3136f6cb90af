import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_LIFE_MS } from '#common/domain/process-lease.ts';
import { testServices } from '#server/env.ts';
import { createShow } from '#server/test/catalog.ts';
import { chatClock, chatMember, startChat, streamsOnAir } from '#server/test/chat.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { closeAll, listenLocal, nextEvent, openSocket } from '#server/test/sockets.ts';

/**
 * The member of a process that died hears why her chat ended, from the process that settled it,
 * on a socket of a third: only real PostgreSQL and Redis carry it between processes.
 */
const { databaseUrl, redisUrl } = testServices();
const real = Boolean(databaseUrl && redisUrl);

describe.skipIf(!real)('a dead process’s chat member told on another process (PostgreSQL and Redis)', () => {
  let dead: TestContext;
  let settler: TestContext;
  let holder: TestContext;
  beforeAll(async () => {
    dead = await createTestApp({ env: { NODE_NAME: 'api-dead' } });
    settler = await createTestApp({ sharing: dead, env: { NODE_NAME: 'api-settler' } });
    holder = await createTestApp({ sharing: dead, env: { NODE_NAME: 'api-holder' } });
  });
  afterAll(async () => {
    closeAll();
    await holder?.close();
    await settler?.close();
    await dead?.close();
  });

  it('pushes chat:session with chat.ended_interrupted to her socket', async () => {
    streamsOnAir(dead);
    const t0 = Date.now();
    await dead.app.processLease.join(new Date(t0));
    await settler.app.processLease.join(new Date(t0));
    const show = await createShow(dead.db, { online: true, free: true, pricePerMinute: 10 });
    const { client } = await chatMember(dead, 'lease-socket@example.com', 'LeaseSocket', 100);
    const started = await startChat(client, show.universalId, 'private');
    expect(started.statusCode, started.body).toBe(200);
    const socket = await openSocket(await listenLocal(holder.app), client);
    const heard = nextEvent(socket, 'chat:session');
    chatClock(settler, t0 + LEASE_LIFE_MS);
    expect(await settler.app.processLease.beat(new Date(t0 + LEASE_LIFE_MS))).toEqual([
      { node: 'api-dead', sessions: 1 },
    ]);
    const [state] = (await heard) as [{ open: boolean; endReason: string }];
    expect(state).toMatchObject({ open: false, endReason: 'chat.ended_interrupted' });
  });
});
