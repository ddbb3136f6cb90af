import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { consolePolicy } from './console-page.ts';

const PAGE = '<!doctype html><html><head><title>Console</title></head><body><div id="root"></div></body></html>';

describe('the console page of a build', () => {
  let t: TestContext;
  const appDir = mkdtempSync(path.join(tmpdir(), 'console-page-'));
  beforeAll(async () => {
    writeFileSync(path.join(appDir, 'console.html'), PAGE);
    t = await createTestApp({ env: { APP_DIR: appDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('answers /admin and every path beneath it with the console, uncached, without inline script', async () => {
    for (const url of ['/admin', '/admin/', '/admin/somewhere/12', '/admin/login?next=%2Fadmin', '/admin/a/b/c']) {
      const res = await t.client().raw('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(PAGE);
      expect(res.headers['cache-control']).toBe('no-cache');
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self';/);
      expect(policy).not.toContain('sha256');
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });

  it('leaves the console API its JSON answers, and other paths the site', async () => {
    const api = await t.client().raw('GET', '/api/admin/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found' });
    expect((await t.client().raw('GET', '/api/admin/session')).statusCode).toBe(401);
    expect((await t.client().raw('GET', '/administrator')).body).not.toBe(PAGE);
  });
});

describe('without a build', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_DIR: path.join(tmpdir(), 'no-build-here') } });
  });
  afterAll(() => t.close());

  it('has no console page to send', async () => {
    expect((await t.client().raw('GET', '/admin')).statusCode).toBe(404);
  });
});

describe('consolePolicy', () => {
  it('keeps the site policy but allows scripts from this server only', () => {
    const site = "default-src 'self';script-src 'self' 'sha256-abc=' https://accounts.google.com;style-src 'self'";
    expect(consolePolicy(site)).toBe("default-src 'self';script-src 'self';style-src 'self'");
  });
});
