import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEMO_MEDIA_DIR = process.env.E2E_MEDIA_DIR ?? '/tmp/livecam-e2e-media';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecam-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
  });
  child.stderr.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out, dataDir };
}

async function waitFor(check: () => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const get = (port: number, p: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p }, (res) => {
        let body = '';
        res.on('data', (d) => {
          body += String(d);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

describe('the server process', () => {
  it('refuses an invalid configuration with a clear message and exit code 1', async () => {
    const p = start({ PORT: 'not-a-port', SMTP_URL: 'nonsense' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Invalid configuration');
    expect(p.output()).toContain('PORT');
    expect(p.output()).toContain('SMTP_URL');
  });

  it('refuses to start in production without SESSION_SECRET', async () => {
    const p = start({ NODE_ENV: 'production', PORT: '0' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('SESSION_SECRET');
  });

  it('starts with an unreachable REDIS_URL, says so, and reports itself degraded', { timeout: 120_000 }, async () => {
    const port = 4800 + Math.floor(Math.random() * 500);
    const p = start({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      DEMO_PRESENCE: 'off',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    let child: ChildProcess | null = p.child;
    try {
      await waitFor(() => p.output().includes('is running at'), 110_000);
      expect(p.output()).toContain('redis unreachable: rate limits and throttles are per process until it is back');
      expect(p.output()).toContain('Redis is unreachable');
      const health = await get(port, '/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      child = null;
    } finally {
      child?.kill('SIGKILL');
    }
  });

  // The first start generates the demo catalogue's media (about a minute of CPU on two cores). The
  // media is deterministic and written file by file, so it is kept in the folder the journeys use
  // too (playwright.config.ts): only the first of them on a machine renders it.
  it('starts on embedded defaults, seeds the demo member, and shuts down cleanly on SIGTERM', {
    timeout: 240_000,
  }, async () => {
    const port = 4300 + Math.floor(Math.random() * 500);
    const p = start({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, MEDIA_DIR: DEMO_MEDIA_DIR });
    let child: ChildProcess | null = p.child;
    try {
      await waitFor(() => p.output().includes('is running at'), 230_000);
      expect(p.output()).toContain('Demo member: demo@livecam.local');
      expect(p.output()).toContain(
        `Demo operator: admin@livecam.local / demo-operator-2026 at http://127.0.0.1:${port}/admin/login`,
      );
      expect(p.output()).toContain('authenticator key LIVECAMDEMOOPERATORTOTPKEY234567');
      expect(p.output()).toContain('Listening on 127.0.0.1: only this machine can connect');
      expect(p.output()).toContain(`Mailbox: http://127.0.0.1:${port}/dev/mailbox`);
      const health = await get(port, '/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'ok', database: 'up', redis: 'absent' });
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      child = null;
      expect(p.output()).toContain('shutting down');
    } finally {
      child?.kill('SIGKILL');
    }
  });
});
