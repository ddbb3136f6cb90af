import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SITE_KEY } from '#server/providers/captcha/sandbox.ts';
import { PARTNER_PAGE_PATH } from '#server/providers/partner-chat/sandbox.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

/**
 * Who may frame a page: X-Frame-Options and the CSP's frame-ancestors must say the same on every
 * path (an old browser reads only the first, a new one the second). Nothing is framed but the
 * two sandbox pages the site frames itself.
 */

function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'frames-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(dir, 'assets/main-abc123.js'), 'console.log(1);');
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_DIR: fakeBuild() } });
});
afterAll(() => t.close());

const ancestors = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));

describe('framing headers agree on every path', () => {
  it('refuse every frame for the API, its errors, the pages, static files and the console', async () => {
    for (const url of [
      '/api/version',
      '/api/nothing-here',
      '/',
      '/shows/2/newcomers/x',
      '/assets/main-abc123.js',
      '/admin/login',
      '/admin/unlock',
      '/robots.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(ancestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'none'");
    }
  });

  it('let this site alone frame the sandbox captcha widget and the partner chat page, found or not', async () => {
    for (const url of [`/sandbox/captcha?k=${SANDBOX_SITE_KEY}&hl=en`, `${PARTNER_PAGE_PATH}/not-a-ticket`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(ancestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'self'");
    }
  });
});
