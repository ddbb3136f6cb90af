import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SANDBOX_STYLESHEET_PATH, sandboxPage, sandboxPageKit, sendHtml } from './sandbox-page-kit.ts';

describe('the sandbox page kit', () => {
  it('writes the whole document around a body: language, escaped texts, the shared stylesheet, script files only', () => {
    const html = sandboxPage('de', 'Zahlung <Test>', '<h1>Body</h1>', {
      look: 'psp',
      provider: 'Sandbox Pay & Co',
      banner: 'Nur ein "Test"',
      layout: 'wide',
      scripts: ['/sandbox/phone/simulator.js'],
      refreshSeconds: 3,
    });
    expect(html.startsWith('<!doctype html><html lang="de">')).toBe(true);
    expect(html).toContain('<title>Zahlung &lt;Test&gt;</title>');
    expect(html).toContain(`<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">`);
    expect(html).toContain('<meta http-equiv="refresh" content="3">');
    expect(html).toContain(
      '<body data-look="psp" class="wide"><div class="banner" role="note">Nur ein &quot;Test&quot;</div>',
    );
    expect(html).toContain('<main><p class="provider">Sandbox Pay &amp; Co</p><h1>Body</h1></main>');
    expect(html).toContain('<script src="/sandbox/phone/simulator.js"></script></body></html>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toContain('<style');
  });

  it('answers a page uncached, framed by this site only when asked, and serves its stylesheet', async () => {
    const app = Fastify();
    await app.register(sandboxPageKit);
    app.get('/plain', (_request, reply) => sendHtml(reply, 404, 'x'));
    app.get('/framed', (_request, reply) => sendHtml(reply, 200, 'x', { framedHere: ["script-src 'self'"] }));
    const plain = await app.inject('/plain');
    expect(plain.statusCode).toBe(404);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['x-frame-options']).toBeUndefined();
    const framed = await app.inject('/framed');
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(framed.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
    const css = await app.inject(SANDBOX_STYLESHEET_PATH);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain(':focus-visible');
    expect(css.body).toContain('@media (max-width:40rem)');
    await app.close();
  });
});
