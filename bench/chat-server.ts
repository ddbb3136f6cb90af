/**
 * The measured process of the chat fan-out benchmark: the real app (buildApp, Socket.IO attached)
 * on a loopback port, with one free show that is online, on the database bench/chat.ts created.
 * Started by bench/chat.ts with an IPC channel: it reports where it listens, and closes when told
 * or when the channel goes. Nothing else runs here, so this process's CPU time is the app's.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/env.ts';
import { createShow } from '#server/test/catalog.ts';

export type ChatServerReady = { type: 'ready'; base: string; universalId: string };

const databaseUrl = process.env.BENCH_CHAT_DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('started by bench/chat.ts only');

const config = loadConfig({
  // Not 'test': the app runs as in development (its chat clock ticks, caches on). No demo
  // presence: nothing switches the show off line.
  NODE_ENV: 'development',
  DEMO_PRESENCE: 'off',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_URL: 'http://127.0.0.1',
  DATA_DIR: path.join(os.tmpdir(), 'livecam-bench'),
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: randomBytes(36).toString('base64url'),
  RATE_LIMIT_PER_MINUTE: '100000000',
  SEED_DEMO: 'false',
  BUILD_ID: 'bench',
});
const app = await buildApp(config, { redis: null, mailTransport: null });
// Free and online: guests may write in its chat (features/showchat/policy.ts).
const show = await createShow(app.ctx.db, { showName: 'Bench Chat', online: true, free: true, images: 0 });
await app.listen({ host: '127.0.0.1', port: 0 });

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await app.close().catch(() => undefined);
  process.exit(0);
};
process.on('message', (message: { type?: string }) => {
  if (message.type === 'stop') void close();
});
process.on('disconnect', () => void close());

const ready: ChatServerReady = {
  type: 'ready',
  base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
  universalId: show.universalId,
};
process.send(ready);
