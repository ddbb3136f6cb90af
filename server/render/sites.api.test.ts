import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '#app/entry-server.tsx';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>LiveCam</title></head>' +
  '<body><div id="root"></div></body></html>';

const SECOND = { name: 'Nachtfalter Live', logo: '/sites/nachtfalter.svg', webid: 42 };

/** A second site on its own domain (SITES): its name and logo in its pages and answers, never the other's. */
describe('a second site domain', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      env: { SITES: JSON.stringify({ 'nachtfalter.example': SECOND }) },
      pages: { renderer, template: TEMPLATE },
    });
  });
  afterAll(() => t.close());

  const page = (url: string, host?: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...(host ? { host } : {}) } });

  it('renders its pages with its own name, logo and address, and the main site keeps its own', async () => {
    // Asked one after the other within the page cache's lifetime: each site has its own entry.
    for (const round of [1, 2]) {
      const second = await page('/faq', 'nachtfalter.example');
      expect(second.statusCode, `round ${round}`).toBe(200);
      expect(second.body).toMatch(/<title>[^<]* · Nachtfalter Live<\/title>/);
      expect(second.body).toContain('<meta property="og:site_name" content="Nachtfalter Live" />');
      expect(second.body).toContain('src="/sites/nachtfalter.svg"');
      expect(second.body).toContain('href="http://nachtfalter.example:3000/faq');
      expect(second.body).not.toContain('src="/logo.svg"');

      const main = await page('/faq');
      expect(main.body).toMatch(/<title>[^<]* · LiveCam<\/title>/);
      expect(main.body).toContain('src="/logo.svg"');
      expect(main.body).not.toContain('Nachtfalter');
    }
  });

  it('answers the session and the configuration with its name, logo and webid', async () => {
    const session = await t.client().get('/api/session/init', { host: 'nachtfalter.example' });
    expect(session.json().session).toMatchObject({ webid: 42, website_id: 42, domain: 'nachtfalter.example' });
    const config = await t.client().get('/api/config', { host: 'nachtfalter.example' });
    expect(config.json().site).toEqual(SECOND);
    expect((await t.client().get('/api/config')).json().site).toMatchObject({ name: 'LiveCam', logo: '/logo.svg' });
  });

  it('gives a host that is no site of ours the main site, sharing its rendered pages', async () => {
    const res = await page('/faq', 'made-up.example');
    expect(res.body).toMatch(/<title>[^<]* · LiveCam<\/title>/);
    expect(res.body).toContain('href="http://localhost:3000/faq');
  });
});
