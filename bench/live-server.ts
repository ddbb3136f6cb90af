/**
 * The measured process of the live benchmark: the real app (buildApp, SFU inside) on a loopback
 * port, with one free show and its performer, on the database bench/live.ts created. Started by
 * bench/live.ts with an IPC channel: it reports where it listens, and closes when told or when the
 * channel goes. Nothing else runs here, so this process's CPU time is the API's and the SFU's.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/env.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { createPerformer } from '#server/features/studio/mutations.ts';
import { createShow } from '#server/test/catalog.ts';

export type ServerReady = { type: 'ready'; base: string; universalId: string; email: string; password: string };

const databaseUrl = process.env.BENCH_LIVE_DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('started by bench/live.ts only');

const config = loadConfig({
  // Not 'test': the app runs as in development. No demo presence: nothing switches the show.
  NODE_ENV: 'development',
  DEMO_PRESENCE: 'off',
  // BENCH_LIVE_LOG_LEVEL (e.g. warn) shows the app's own log when a run goes wrong.
  LOG_LEVEL: process.env.BENCH_LIVE_LOG_LEVEL || 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_URL: 'http://127.0.0.1',
  DATA_DIR: path.join(os.tmpdir(), 'livecam-bench'),
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: randomBytes(36).toString('base64url'),
  RATE_LIMIT_PER_MINUTE: '100000000',
  SEED_DEMO: 'false',
  BUILD_ID: 'bench',
  LIVE_ICE_HOSTS: '127.0.0.1',
  // Every viewer of the bench comes from 127.0.0.1: a day's free time is enough for all of them.
  CHAT_FREE_GUEST_SECONDS: '86400',
  // The engine is measured past the point where the app would refuse werift viewers (LIVE_MAX_VIEWERS).
  LIVE_MAX_VIEWERS: '100000',
  // The engine under test (bench/live-engines.ts): LIVE_SFU, and for Janus where it listens.
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key === 'LIVE_SFU' || key.startsWith('JANUS_'))),
});
const app = await buildApp(config, { redis: null, mailTransport: null });
const show = await createShow(app.ctx.db, { showName: 'Bench Live', online: false, free: true, images: 0 });
const email = 'bench-live@example.com';
const password = randomBytes(12).toString('base64url');
const performer = await createPerformer(app.ctx.db, {
  email,
  showId: show.id,
  passwordHash: await hashPassword(password),
});
if (typeof performer === 'string') throw new Error(`performer not created: ${performer}`);
await app.listen({ host: '127.0.0.1', port: 0 });

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await app.close().catch(() => undefined);
  process.exit(0);
};
// How late the event loop runs: media, ICE consent checks and HTTP all wait in it. Read and reset
// per measuring window; the 20 ms sampling timer costs next to nothing.
const LOOP_RESOLUTION_MS = 20;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();
export type LoopDelay = {
  type: 'loop-delay';
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** After a full collection: what the process holds in JS objects and buffers. */
  heapAndExternalBytes: number;
};
process.on('message', (message: { type?: string }) => {
  if (message.type === 'stop') void close();
  if (message.type === 'loop-delay') {
    // The histogram holds whole timer intervals: the lateness is what exceeds the resolution.
    const ms = (ns: number) => Math.max(0, Math.round(ns / 1e5 - LOOP_RESOLUTION_MS * 10) / 10);
    const reply: Omit<LoopDelay, 'heapAndExternalBytes'> = {
      type: 'loop-delay',
      p50Ms: ms(loopDelay.percentile(50)),
      p99Ms: ms(loopDelay.percentile(99)),
      maxMs: ms(loopDelay.max),
    };
    // Memory held, without the garbage a later collection would free (outside the CPU windows).
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, external } = process.memoryUsage();
    // The collection's pause reaches the histogram when its timer fires late, after this task:
    // reset once that has happened, and answer then, so the next window does not count the pause.
    setTimeout(() => {
      loopDelay.reset();
      process.send?.({ ...reply, heapAndExternalBytes: heapUsed + external });
    }, 2 * LOOP_RESOLUTION_MS);
  }
});
process.on('disconnect', () => void close());

const ready: ServerReady = {
  type: 'ready',
  base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
  universalId: show.universalId,
  email,
  password,
};
process.send(ready);
