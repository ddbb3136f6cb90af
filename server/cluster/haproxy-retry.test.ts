import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PATH, haproxyConfig } from './haproxy-config.ts';

/**
 * The configuration's retry rule in HAProxy itself: a process that takes a request and dies
 * before answering (its connection closed, nothing sent back) costs a GET nothing, since HAProxy
 * sends it to the other process, while a POST is answered 502 and reaches no other process.
 */
const haproxy = (() => {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

type Seen = { method: string; url: string }[];

/** A process stand-in: healthy to the checks; `dies` closes every other request's connection unanswered. */
function stub(dies: boolean, seen: Seen): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === HEALTH_PATH) return res.end('{"status":"ok"}');
    seen.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    if (dies) req.socket.destroy();
    else req.on('end', () => res.end('answered'));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const portOf = (s: Server) => (s.address() as AddressInfo).port;

/** One request on a connection of its own (a 502 closes its connection; no pooled one is reused). */
function send(url: string, method: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe.skipIf(!haproxy)('HAProxy with the cluster configuration, a process dying mid-request', () => {
  const dying: Seen = [];
  const healthy: Seen = [];
  let servers: Server[] = [];
  let stop = () => {};
  let base = '';

  beforeAll(async () => {
    servers = [await stub(true, dying), await stub(false, healthy)];
    const free = createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', () => r()));
    const port = portOf(free as unknown as Server);
    await new Promise<void>((r) => free.close(() => r()));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'haproxy-')), 'haproxy.cfg');
    writeFileSync(
      file,
      haproxyConfig({
        bind: { host: '127.0.0.1', port },
        servers: servers.map((s, i) => ({ name: `api-${i + 1}`, host: '127.0.0.1', port: portOf(s) })),
      }),
    );
    const child = spawn('haproxy', ['-db', '-f', file], { stdio: 'ignore' });
    stop = () => child.kill('SIGTERM');
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${base}${HEALTH_PATH}`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('HAProxy did not answer');
  });
  afterAll(async () => {
    stop();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('answers every GET from the other process', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await send(`${base}/api/shows?n=${i}`, 'GET'));
    expect(statuses).toEqual([200, 200, 200, 200]);
    // Round-robin sent some to the dying process first; each of those was sent on, once.
    expect(dying.filter((r) => r.method === 'GET').length).toBeGreaterThan(0);
    expect(healthy.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual(
      [0, 1, 2, 3].map((i) => `/api/shows?n=${i}`),
    );
  });

  it('answers a POST the dying process took with 502, and sends it nowhere else', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(await send(`${base}/api/billing/init?n=${i}`, 'POST'));
    }
    const posted = [...dying, ...healthy].filter((r) => r.method === 'POST').map((r) => r.url);
    // Each POST reached one process exactly once: none twice, none lost.
    expect(posted.sort()).toEqual([0, 1, 2, 3].map((i) => `/api/billing/init?n=${i}`));
    const lost = dying.filter((r) => r.method === 'POST').length;
    expect(lost).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 502).length).toBe(lost);
    expect(statuses.filter((s) => s === 200).length).toBe(4 - lost);
  });
});
