/**
 * Demo broadcasts benchmark: the demo catalogue (120 performers, about a quarter online) seeded into
 * a fresh bench_<random> database on the machine's PostgreSQL, every online show put on air by
 * startDemoBroadcasts through the embedded werift SFU, then the process's CPU time
 * (process.cpuUsage) over `--duration` seconds with nobody watching, and again with one werift
 * viewer per show. The viewers run in this process too, so the watched figure includes their own
 * receiving (ICE, DTLS, SRTP): an upper bound for the server's share. Budget (issue): idle < 25 %
 * of one core. Writes bench/results/demo-broadcasts.json and demo-broadcasts.md.
 *
 * Only the clips are made: the storage answers "present" for the catalogue's other media (previews,
 * galleries, posters), which this run never reads. Clips are kept between runs in
 * $TMPDIR/livecam-bench-media (made again only when missing).
 *
 *   npm run bench:demo -- [--duration 10]
 *   DATABASE_URL (admin connection, default postgres://root@127.0.0.1:5432/test)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { seedCatalog } from '#server/db/seed/catalog.ts';
import { startDemoBroadcasts } from '#server/features/live/demo-broadcasts.ts';
import { LivePublications } from '#server/features/live/publications.ts';
import { WeriftSfu } from '#server/live/werift-sfu.ts';
import { localDiskStorage } from '#server/providers/storage/local-disk.ts';
import type { Storage } from '#server/providers/storage/storage.ts';
import { closePeers, startViewer } from '#server/test/live-peers.ts';
import { assertLoopback, cleanUpOnExit, cleanup, createBenchDatabase, defer, loadAverage } from './lifecycle.ts';
import { toJson } from './report.ts';

const RESULTS = path.join(import.meta.dirname, 'results');
const MEDIA_DIR = path.join(os.tmpdir(), 'livecam-bench-media');
/** The budget: all demo streams together, nobody watching, under a quarter of one core. */
const BUDGET = { idleMaxCorePercent: 25 } as const;

const { values: args } = parseArgs({ options: { duration: { type: 'string', default: '10' } } });
const duration = Number(args.duration);
if (!(duration > 0 && duration <= 300)) throw new Error('--duration must be 1..300 seconds');
const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
assertLoopback('DATABASE_URL', adminUrl);
cleanUpOnExit(2 * duration * 1000 + 600_000);

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Local disk that holds only the clips: every other key counts as present, so the seed skips it. */
function clipsOnly(storage: Storage): Storage {
  const isClip = (key: string) => /^videos\/\d+\/\d+(\.v\d+)?\.webm$/.test(key);
  return {
    ...storage,
    put: (key, data) => (isClip(key) ? storage.put(key, data) : Promise.resolve()),
    size: (key) => (isClip(key) ? storage.size(key) : Promise.resolve(1)),
    exists: (key) => (isClip(key) ? storage.exists(key) : Promise.resolve(true)),
  };
}

/** CPU time of this process over `seconds`, as a share of one core. */
async function cpuOver(seconds: number): Promise<{ corePercent: number; userMs: number; systemMs: number }> {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - t0;
  return {
    corePercent: round(((used.user + used.system) / 1000 / wallMs) * 100, 2),
    userMs: round(used.user / 1000),
    systemMs: round(used.system / 1000),
  };
}

async function main() {
  const loadAverageAtStart = loadAverage();
  const database = await createBenchDatabase(adminUrl);
  const { db, close } = await openDatabase({ url: database.url, dataDir: '' });
  defer('close pool', close);
  const storage = clipsOnly(localDiskStorage(MEDIA_DIR));
  const seeded = await seedCatalog({ db, storage }, (msg) => console.log(msg));
  const online = await db.select({ id: shows.universalId }).from(shows).where(eq(shows.online, true));
  console.log(`catalogue: ${seeded.shows} performers, ${online.length} online`);

  const sfu = new WeriftSfu({
    iceServers: [],
    hostAddresses: { lan: false, addresses: ['127.0.0.1'] },
    udpPortRange: null,
  });
  defer('close SFU', () => sfu.close());
  defer('close viewers', closePeers);
  const demo = startDemoBroadcasts({
    db,
    storage,
    sfu,
    presence: { onChange: () => () => undefined },
    log: pino({ level: 'warn' }),
    ownsShow: () => false,
    publications: new LivePublications({
      db,
      node: 'bench',
      internalUrl: 'http://127.0.0.1:0',
      log: pino({ level: 'warn' }),
    }),
  });
  defer('stop demo broadcasts', () => demo.stop());
  await demo.ready;
  const onAir = online.map((s) => s.id).filter((id) => sfu.isLive(id));
  console.log(`on air: ${onAir.length} shows; idle for ${duration} s`);
  // Let the start settle (the seed's and the database's work) before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = await cpuOver(duration);
  const idlePacketsIn = onAir.reduce((sum, id) => sum + sfu.stats(id).packetsIn, 0);
  console.log(`idle: ${idle.corePercent} % of one core, ${idlePacketsIn} packets`);

  const viewers = await Promise.all(onAir.map((id, i) => startViewer(sfu, id, `bench-${i}`)));
  await Promise.all(viewers.map((v) => v.connected()));
  // Each show's first frames reach its viewer before the measurement starts.
  await Promise.all(viewers.map((v) => v.changes.until(() => v.received.length > 0, 'the first frame', 10_000)));
  const before = onAir.map((id) => sfu.stats(id));
  const receivedBefore = viewers.map((v) => v.received.length);
  console.log(`${viewers.length} viewers connected; watching for ${duration} s`);
  const watched = await cpuOver(duration);
  const after = onAir.map((id) => sfu.stats(id));
  const packets = after.reduce((sum, s, i) => sum + s.packetsOut - (before[i]?.packetsOut ?? 0), 0);
  const bytes = after.reduce((sum, s, i) => sum + s.bytesOut - (before[i]?.bytesOut ?? 0), 0);
  const received = viewers.reduce((sum, v, i) => sum + v.received.length - (receivedBefore[i] ?? 0), 0);
  console.log(`watched: ${watched.corePercent} % of one core`);

  const report = {
    machine: {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      postgres: database.version,
    },
    settings: { durationSeconds: duration, budget: BUDGET },
    catalogue: { performers: seeded.shows, online: online.length, onAir: onAir.length },
    idle: { ...idle, packetsSent: idlePacketsIn },
    watched: {
      ...watched,
      viewers: viewers.length,
      packetsOutPerSec: round(packets / duration),
      kbitPerSecPerShow: round((bytes * 8) / 1000 / duration / Math.max(onAir.length, 1)),
      packetsReceivedPerSec: round(received / duration),
    },
    pass: idle.corePercent < BUDGET.idleMaxCorePercent && onAir.length > 0,
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'demo-broadcasts.json'), toJson(report));
  writeFileSync(path.join(RESULTS, 'demo-broadcasts.md'), markdown(report));
  console.log(`written to ${RESULTS}: ${report.pass ? 'PASS' : 'BUDGET MISSED'}`);
}

function markdown(r: {
  machine: {
    date: string;
    node: string;
    cpus: number;
    cpuModel: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    postgres: string;
  };
  settings: { durationSeconds: number };
  catalogue: { performers: number; online: number; onAir: number };
  idle: { corePercent: number; userMs: number; systemMs: number; packetsSent: number };
  watched: {
    corePercent: number;
    userMs: number;
    systemMs: number;
    viewers: number;
    packetsOutPerSec: number;
    kbitPerSecPerShow: number;
    packetsReceivedPerSec: number;
  };
  pass: boolean;
}): string {
  const m = r.machine;
  return [
    '# Demo broadcasts',
    '',
    `${m.date}, Node ${m.node}, ${m.cpus} × ${m.cpuModel}, PostgreSQL ${m.postgres}, load ${m.loadAverageAtStart.join(' ')} -> ${m.loadAverageAtEnd.join(' ')}.`,
    `The demo catalogue (${r.catalogue.performers} performers, ${r.catalogue.online} online) with every online show on air through the embedded werift SFU (startDemoBroadcasts); CPU time of the whole process (process.cpuUsage) over ${r.settings.durationSeconds} s. The viewers are werift peers in the same process: the watched figure includes their receiving.`,
    '',
    '| what | result |',
    '|---|---|',
    `| shows on air | ${r.catalogue.onAir} |`,
    `| nobody watching | ${r.idle.corePercent} % of one core (user ${r.idle.userMs} ms, system ${r.idle.systemMs} ms), ${r.idle.packetsSent} packets sent |`,
    `| one viewer per show (${r.watched.viewers}) | ${r.watched.corePercent} % of one core (user ${r.watched.userMs} ms, system ${r.watched.systemMs} ms) |`,
    `| sent / received while watched | ${r.watched.packetsOutPerSec} packets/s out, ${r.watched.packetsReceivedPerSec} packets/s at the viewers, ${r.watched.kbitPerSecPerShow} kbit/s per show |`,
    '',
    `Budget (issue): nobody watching, all demo streams together < 25 % of one core: **${r.pass ? 'pass' : 'MISS'}**.`,
    '',
  ].join('\n');
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanup().then(() => process.exit()));
