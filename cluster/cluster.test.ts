import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  Client,
  closeSockets,
  createDatabase,
  freePorts,
  openSocket,
  record,
  SOCKET_PATH,
  startCluster,
  until,
} from './support.ts';

/**
 * `npm run start:cluster` proven from outside: HAProxy and two API processes on one PostgreSQL and
 * one Redis, driven over HTTP and Socket.IO through the balancer and each process's own port.
 * Needs TEST_DATABASE_URL (a database of its own is made and dropped there), REDIS_URL (a database
 * number of its own, CLUSTER_REDIS_DB, default 13, flushed before and after) and HAProxy.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisBase = process.env.REDIS_URL;
if (!adminUrl || !redisBase) throw new Error('npm run test:cluster needs TEST_DATABASE_URL and REDIS_URL');

const MINUTE_SECONDS = 5;
const MEMBER = { username: 'demo@livecam.local', password: 'demo-member-2026' };
const PERFORMER_PASSWORD = 'demo-performer-2026';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', holder: 'Cluster Member' };

type Show = {
  universalId: string;
  showName: string;
  online: boolean;
  pricePerMinute: number;
  contentproviderId: number;
};
type Flags = { free: boolean; exclusive: number };
type Session = { id: string; open: boolean; minutes: number; coins: number; endReason: string | null };

let db: Awaited<ReturnType<typeof createDatabase>>;
let redis: Redis;
let cluster: ReturnType<typeof startCluster>;
let balancer: string;
let origin: string;
let a: ApiProcess;
let b: ApiProcess;
let member: Client;
let memberId: number;
let memberSocket: Socket;
let memberEvents: ReturnType<typeof record>;
let shows: Array<Show & { flags: Flags }>;

const health = async (base: string) => {
  const res = await fetch(`${base}/api/health`);
  return { status: res.status, body: (await res.json()) as { node: string; status: string } };
};
const processNamed = (name: string) => {
  const p = cluster.processes.get(name);
  if (!p) throw new Error(`no line for ${name}: ${cluster.output.slice(-20).join('\n')}`);
  return p;
};
const eventAfter = (index: number, event: string, match: (args: unknown[]) => boolean = () => true) =>
  until(event, async () => memberEvents.slice(index).find((e) => e.event === event && match(e.args)), 15_000);

beforeAll(async () => {
  db = await createDatabase(adminUrl);
  const redisUrl = new URL(redisBase);
  redisUrl.pathname = `/${process.env.CLUSTER_REDIS_DB ?? '13'}`;
  redis = new Redis(redisUrl.toString(), { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  const port = await freePorts(3);
  balancer = `http://127.0.0.1:${port}`;
  origin = `http://localhost:${port}`;
  cluster = startCluster({
    PORT: String(port),
    API_PROCESSES: '2',
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl.toString(),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SEED_DEMO: 'true',
    // The demo media is deterministic: rendered once per machine, shared with the journeys (decision 048).
    MEDIA_DIR: process.env.E2E_MEDIA_DIR ?? '/tmp/livecam-e2e-media',
    DEMO_PRESENCE: 'off',
    // Online demo shows stream their clips from every process, so a private can start anywhere.
    DEMO_BROADCASTS: 'on',
    LIVE_ICE_HOSTS: '127.0.0.1',
    CHAT_MINUTE_SECONDS: String(MINUTE_SECONDS),
    DEMO_MESSAGE_REPLY_SECONDS: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    SANDBOX_PSP_POSTBACKS: 'send',
  });
  await until(
    'both processes and the balancer answering',
    async () => {
      if (cluster.processes.size < 2) return undefined;
      const answers = await Promise.all([...cluster.processes.values()].map((p) => health(p.url)));
      if (!answers.every((r) => r.status === 200)) return undefined;
      return (await health(balancer)).status === 200 ? true : undefined;
    },
    240_000,
  );
  a = processNamed('api-1');
  b = processNamed('api-2');
  const pages = await Promise.all(
    [1, 2, 3, 4, 5].map(async (n) => {
      const res = await fetch(`${balancer}/api/shows?page=${n}&limit=36`);
      return ((await res.json()) as { data: Array<Show & { flags: Flags }> }).data;
    }),
  );
  shows = pages.flat().filter((s) => s.contentproviderId <= 1 && /^[A-Za-z]+$/.test(s.showName));
}, 300_000);

afterAll(async () => {
  closeSockets();
  const code = await cluster?.stop();
  await db?.drop();
  await redis?.flushdb();
  redis?.disconnect();
  expect(code).toBe(0);
}, 60_000);

describe('HAProxy in front of two API processes', () => {
  it('spreads requests over both processes, each naming itself, and each answers on its own port', async () => {
    // HAProxy counts a process in after two checks a second apart: both answer within seconds.
    const nodes = new Set<string>();
    await until(
      'both processes answering through the balancer',
      async () => {
        nodes.add((await health(balancer)).body.node);
        return nodes.size === 2 ? true : undefined;
      },
      10_000,
    );
    expect([...nodes].sort()).toEqual(['api-1', 'api-2']);
    expect((await health(a.url)).body.node).toBe('api-1');
    expect((await health(b.url)).body.node).toBe('api-2');
  });

  it("keeps Socket.IO's long-polling fallback on one process: every poll of a connection reaches the process that has it", async () => {
    // No WebSocket: each poll is a request of its own, and the balancer's cookie pins them to one process.
    const socket = io(balancer, {
      path: SOCKET_PATH,
      transports: ['polling'],
      withCredentials: true,
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const show = shows[0]?.universalId ?? '';
      for (let i = 0; i < 10; i++) {
        expect(await socket.timeout(5000).emitWithAck('chat:join', { showId: show })).toMatchObject({ ok: true });
        socket.emit('chat:leave', { showId: show });
      }
      expect(socket.connected).toBe(true);
      expect(socket.io.engine.transport.name).toBe('polling');
    } finally {
      socket.close();
    }
  });

  it('pushes the balance of a payment landing on one process to the member signed in on the other', async () => {
    member = new Client(a.url);
    const login = await member.post('/api/auth/login', MEMBER);
    expect(login.status, login.text).toBe(200);
    memberId = (login.json() as { user: { id: number } }).user.id;
    memberSocket = await openSocket(a.url, member, origin);
    memberEvents = record(memberSocket);
    const billing = (await member.get('/api/billing')).json() as {
      paymentTypes: Array<{ id: number; kind: string; products: Array<{ id: number; isDefault: boolean }> }>;
    };
    const card = billing.paymentTypes.find((t) => t.kind === 'card');
    const product = card?.products.find((p) => p.isDefault);
    const init = await member.post('/api/billing/init', {
      paymenttypeid: card?.id,
      productid: product?.id,
      withdrawal_waiver: true,
    });
    expect(init.status, init.text).toBe(200);
    const { link } = init.json() as { link: string };
    const seen = memberEvents.length;
    // The payment page's form goes to the other process, as a browser's could through the balancer.
    const paid = await new Client(b.url).request('POST', link, CARD, true);
    expect(paid.status, paid.text).toBe(303);
    const [pushed] = (await eventAfter(seen, 'user:coins')).args as [{ coins: number }];
    const [wallet] = await db.query<{ balance: number }>('select balance from wallets where user_id = $1', [memberId]);
    expect(pushed.coins).toBe(wallet?.balance);
  });

  it("tells the member's socket on one process that a favourite came online through the other", async () => {
    const offline = shows.find((s) => !s.online);
    if (!offline) throw new Error('no offline show of ours');
    expect((await member.post(`/api/favorites/${offline.universalId}`)).status).toBe(200);
    const window = await member.put(`/api/favorites/${offline.universalId}`, {
      info_start: '00:00',
      info_end: '00:00',
      time_zone: 'UTC',
    });
    expect(window.status, window.text).toBe(200);
    const seen = memberEvents.length;
    const sandboxStudio = new Client(b.url);
    const page = await sandboxStudio.get('/sandbox/studio');
    const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const turned = await sandboxStudio.request(
      'POST',
      '/sandbox/studio/presence',
      { token, show: offline.universalId, online: '1' },
      true,
    );
    expect(turned.status, turned.text).toBe(303);
    const [notice] = (await eventAfter(seen, 'user:favorite_online')).args as [Record<string, unknown>];
    expect(JSON.stringify(notice)).toContain(offline.showName);
  });

  describe('a private chat across the processes', () => {
    let show: Show & { flags: Flags };
    let session: Session;
    let performerSocket: Socket;
    let beating: NodeJS.Timeout | undefined;
    /** The member's page beats through the balancer, as the site's does, whichever process answers. */
    const viaBalancer = () => member.at(balancer);
    const heartbeat = async () => {
      const res = await viaBalancer().post(`/api/chatsession/heartbeat/${session.id}`);
      return res.status === 200 ? ((res.json() as { session: Session }).session as Session) : undefined;
    };
    afterAll(() => clearInterval(beating));

    it('runs with the member on one process and the performer on the other, billed every minute, messages both ways', async () => {
      const found = shows.find((s) => s.online && s.pricePerMinute <= 30 && (s.flags.exclusive & 2) === 0);
      if (!found) throw new Error('no online show of ours with a private of 30 coins or less');
      show = found;
      const [login] = await db.query<{ email: string }>(
        'select p.email from performers p join shows s on s.id = p.show_id where s.universal_id = $1',
        [show.universalId],
      );
      const studio = new Client(b.url);
      const signedIn = await studio.post('/api/studio/login', { email: login?.email, password: PERFORMER_PASSWORD });
      expect(signedIn.status, signedIn.text).toBe(200);
      performerSocket = await openSocket(b.url, studio, origin, { as: 'performer' });
      const performerHeard = record(performerSocket);
      const room = { showId: show.universalId };
      await performerSocket.timeout(5000).emitWithAck('chat:join', room);
      await memberSocket.timeout(5000).emitWithAck('chat:join', room);

      const seen = memberEvents.length;
      const started = await member.post(`/api/chatsession/${show.universalId}`, { type: 'private' });
      expect(started.status, started.text).toBe(200);
      session = (started.json() as { session: Session }).session;
      const [held] = await db.query<{ node: string }>('select node from chat_sessions where id = $1', [session.id]);
      expect(held?.node).toBe('api-1');
      beating = setInterval(() => void heartbeat().catch(() => undefined), 2_000);

      // The member writes on api-1; the performer's socket on api-2 hears it, and the other way round.
      expect(
        await memberSocket.timeout(5000).emitWithAck('chat:send', { ...room, text: 'Hello from api-1' }),
      ).toMatchObject({ ok: true });
      await until('the performer hears the member', async () =>
        performerHeard.find((e) => e.event === 'chat:message' && JSON.stringify(e.args).includes('Hello from api-1')),
      );
      expect(
        await performerSocket.timeout(5000).emitWithAck('chat:send', { ...room, text: 'Hello from api-2' }),
      ).toMatchObject({ ok: true });
      await eventAfter(seen, 'chat:message', (args) => JSON.stringify(args).includes('Hello from api-2'));

      // Two more minutes billed after the first, each told to the member's socket.
      await until(
        'two minutes billed',
        async () => {
          const told = memberEvents
            .slice(seen)
            .filter((e) => e.event === 'chat:session')
            .map((e) => (e.args[0] as Session).minutes);
          return Math.max(0, ...told) >= 3 ? true : undefined;
        },
        4 * MINUTE_SECONDS * 1000,
      );
    });

    it('survives kill -9 of the process holding the session: the balancer answers, the chat continues or ends with its reason', async () => {
      // Mid-minute: half a minute after the last one was billed.
      const [row] = await db.query<{ next: Date }>('select next_minute_at as next from chat_sessions where id = $1', [
        session.id,
      ]);
      const wait = (row?.next.getTime() ?? Date.now()) - Date.now() - (MINUTE_SECONDS * 1000) / 2;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const killedAt = Date.now();
      process.kill(a.pid, 'SIGKILL');

      // Every request through the balancer is answered while api-1 is gone and before HAProxy has noticed.
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        statuses.push((await fetch(`${balancer}/api/health`)).status);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(
        statuses.every((s) => s === 200),
        statuses.join(' '),
      ).toBe(true);

      const outcome = await until(
        'the chat taken over or ended with its reason',
        async () => {
          const [now] = await db.query<{ node: string; ended: Date | null; reason: string | null }>(
            'select node, ended_at as ended, end_reason as reason from chat_sessions where id = $1',
            [session.id],
          );
          if (now?.ended) return now;
          return now && now.node !== 'api-1' ? now : undefined;
        },
        30_000,
      );
      expect(Date.now() - killedAt).toBeLessThan(30_000);
      console.info(
        `kill -9 of api-1: the session ${outcome.ended ? `ended (${outcome.reason})` : `moved to ${outcome.node}`} after ${Date.now() - killedAt} ms`,
      );
      if (outcome.ended) expect(outcome.reason).toBe('chat.ended_interrupted');
      clearInterval(beating);
      if (!outcome.ended) expect((await viaBalancer().post(`/api/chatsession/stop/${session.id}`)).status).toBe(200);
    });

    it('billed no minute twice and none lost, and every balance equals its ledger sum', async () => {
      const [s] = await db.query<{ billed: number; started: Date; ended: Date; seconds: number }>(
        `select billed_minutes as billed, started_at as started, ended_at as ended, minute_seconds as seconds
         from chat_sessions where id = $1`,
        [session.id],
      );
      if (!s?.ended) throw new Error('the session is still open');
      const keys = await db.query<{ key: string }>(
        'select idempotency_key as key from coin_ledger where user_id = $1 and idempotency_key like $2 order by id',
        [memberId, `chat:${session.id}:%`],
      );
      const minutes = keys.map((k) => Number(k.key.split(':').pop()));
      expect(minutes).toEqual(Array.from({ length: s.billed }, (_, i) => i + 1));
      // Every minute begun before the end was paid (the last one may have come due in the end's second).
      const begun = (until: number) => Math.floor((until - s.started.getTime()) / (s.seconds * 1000)) + 1;
      expect(s.billed).toBeLessThanOrEqual(begun(s.ended.getTime()));
      expect(s.billed).toBeGreaterThanOrEqual(begun(s.ended.getTime() - 1_500));
      const wrong = await db.query(
        `select w.user_id, w.balance, coalesce(sum(l.delta), 0) as sum
         from wallets w left join coin_ledger l on l.user_id = w.user_id
         group by w.user_id, w.balance having w.balance <> coalesce(sum(l.delta), 0)`,
      );
      expect(wrong).toEqual([]);
    });
  });

  it('restarts the killed process, which takes traffic again on its port and through the balancer', async () => {
    const restarted = await until(
      'api-1 started again',
      async () => {
        const p = cluster.processes.get('api-1');
        return p && p.pid !== a.pid ? p : undefined;
      },
      30_000,
    );
    expect(cluster.output.some((l) => /^api api-1 stopped \(SIGKILL\); starting it again in 1 s$/.test(l))).toBe(true);
    await until(
      'api-1 healthy on its port',
      async () => ((await health(restarted.url)).body.node === 'api-1' ? true : undefined),
      60_000,
    );
    await until(
      'api-1 answering through the balancer',
      async () => ((await health(balancer)).body.node === 'api-1' ? true : undefined),
      15_000,
    );
  });

  it('takes a process that stops answering out within 5 s, has another settle its chat session within 30 s, and takes it back when it answers', async () => {
    // The member again, her socket on the restarted api-1 and a private started through api-2.
    const restarted = processNamed('api-1');
    const again = new Client(b.url);
    expect((await again.post('/api/auth/login', MEMBER)).status).toBe(200);
    const socket = await openSocket(restarted.url, again, origin);
    const heard = record(socket);
    const show = shows.find((s) => s.online && s.pricePerMinute <= 30 && (s.flags.exclusive & 2) === 0);
    const started = await again.post(`/api/chatsession/${show?.universalId}`, { type: 'private' });
    expect(started.status, started.text).toBe(200);
    const session = (started.json() as { session: Session }).session;
    const [held] = await db.query<{ node: string }>('select node from chat_sessions where id = $1', [session.id]);
    expect(held?.node).toBe('api-2');
    // Her page keeps beating through the balancer (a beat that went to the stopped process waits).
    const beat = () =>
      again
        .at(balancer)
        .post(`/api/chatsession/heartbeat/${session.id}`)
        .catch(() => undefined);
    const beating = setInterval(() => void beat(), 2_000);
    try {
      // Hung, not dead: it keeps its connections and its port, and answers nothing.
      const stoppedAt = Date.now();
      process.kill(b.pid, 'SIGSTOP');
      const answeredBy = async () => {
        const res = await fetch(`${balancer}/api/health`, { signal: AbortSignal.timeout(500) }).catch(() => null);
        return res?.status === 200 ? ((await res.json()) as { node: string }).node : null;
      };
      // Probes while it is being taken out: one that reaches it waits in vain and breaks the run, so
      // six answers in a row from api-1 begin once HAProxy has taken it out.
      let run = 0;
      let runStart = 0;
      await until(
        'the balancer answering from api-1 only',
        async () => {
          const at = Date.now();
          if ((await answeredBy()) !== 'api-1') run = 0;
          else if (run++ === 0) runStart = at;
          return run >= 6 ? true : undefined;
        },
        15_000,
      );
      const outAfter = runStart - stoppedAt;
      expect(outAfter).toBeLessThan(5_000);

      const ended = await until(
        'the stopped process’s session settled by the other',
        async () => {
          const [row] = await db.query<{ ended: Date | null; reason: string | null }>(
            'select ended_at as ended, end_reason as reason from chat_sessions where id = $1',
            [session.id],
          );
          return row?.ended ? row : undefined;
        },
        30_000,
      );
      expect(ended.reason).toBe('chat.ended_interrupted');
      expect(ended.ended?.getTime() ?? Infinity).toBeLessThan(stoppedAt + 30_000);
      console.info(
        `SIGSTOP of api-2: out of the balancer after ${outAfter} ms, its session settled by api-1 after ${(ended.ended?.getTime() ?? 0) - stoppedAt} ms`,
      );
      // She hears why on her socket, which is on the process that settled it.
      await until('the member told', async () =>
        heard.find((e) => e.event === 'chat:session' && JSON.stringify(e.args).includes('chat.ended_interrupted')),
      );
    } finally {
      clearInterval(beating);
      process.kill(b.pid, 'SIGCONT');
    }
    await until(
      'api-2 answering through the balancer again',
      async () => ((await health(balancer)).body.node === 'api-2' ? true : undefined),
      15_000,
    );
    const wrong = await db.query(
      `select w.user_id from wallets w left join coin_ledger l on l.user_id = w.user_id
       group by w.user_id, w.balance having w.balance <> coalesce(sum(l.delta), 0)`,
    );
    expect(wrong).toEqual([]);
  });
});
