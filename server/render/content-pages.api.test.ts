import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '#app/entry-server.tsx';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, signIn } from '#server/test/operators.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>LiveCam</title></head>' +
  '<body><div id="root"></div></body></html>';

describe('server-rendered content pages', () => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ pages: { renderer, template: TEMPLATE } });
    admin = t.client('en');
    await signIn(admin, await createTestOperator(t, { roles: ['admin'] }));
  });
  afterAll(() => t.close());

  const page = async (url: string, lang = 'en') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
    expect(res.statusCode).toBe(200);
    return res.body.slice(res.body.indexOf('<div id="root">'));
  };

  it("renders the text from the content API, and an operator's edit at once, escaped", async () => {
    expect(await page('/refund', 'de')).toContain('Widerruf');
    const text =
      '# Erstattung neu\n\nAb sofort gilt: <img src=x onerror=alert(1)> bei {{site}}.\n\n## Fristen\n\nVierzehn Tage.';
    const res = await act(admin, 'PUT', '/api/admin/content/refund/de', { text });
    expect(res.statusCode, res.body).toBe(200);
    // Within the page cache's lifetime: the change dropped the rendered pages.
    const html = await page('/refund', 'de');
    expect(html).toContain('Erstattung neu');
    expect(html).toContain('Ab sofort gilt: &lt;img src=x onerror=alert(1)&gt; bei LiveCam.');
    expect(html).not.toContain('<img src=x');
    // The other language still shows the release's text.
    expect(await page('/refund', 'en')).not.toContain('Erstattung neu');
  });

  it('renders the FAQ from the content API as collapsible questions', async () => {
    const text = '# Fragen\n\nKurz.\n\n## Wie zahle ich?\n\nMit Coins.';
    expect((await act(admin, 'PUT', '/api/admin/content/faq/de', { text })).statusCode).toBe(200);
    const html = await page('/faq', 'de');
    expect(html).toContain('Wie zahle ich?');
    expect(html).toMatch(/aria-expanded="false"/);
  });
});
