import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logRequest } from './log-serializers.ts';

describe('request logging', () => {
  it('logs the path without the query string, and no cookies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: logRequest } } });
    app.get('/users/activate', async () => 'ok');
    await app.inject({
      method: 'GET',
      url: '/users/activate?token=very-secret-token',
      headers: { cookie: 'auth.session=abc' },
    });
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('/users/activate');
    expect(log).not.toContain('very-secret-token');
    expect(log).not.toContain('auth.session');
  });

  it('replaces signed media tokens in the path with [token], matched or not, however spelled', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: logRequest } } });
    app.get('/media/clips/*', async () => 'ok');
    app.get('/media/pictures/*', async () => 'ok');
    app.post('/api/videos/view/*', async () => 'ok');
    // As the app's own (spa.ts): a 404 answers without Fastify's default "Route … not found" line.
    app.setNotFoundHandler((_request, reply) => reply.code(404).send());
    const requests = [
      { method: 'GET', url: '/media/clips/clipsecret.abc?x=1' },
      { method: 'GET', url: '/media/pictures/picturesecret.def' },
      { method: 'POST', url: '/api/videos/view/viewsecret.ghi' },
      { method: 'POST', url: '/api/videos/view/unmatchedsecret/extra' },
      { method: 'GET', url: '/%6Dedia/clips/encodedsecret.jkl' },
      { method: 'GET', url: '/MEDIA/PICTURES/uppersecret' },
      { method: 'GET', url: '/media/pictures/badsecret%zz' },
    ] as const;
    for (const r of requests) await app.inject(r);
    await app.close();
    const urls = lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toEqual([
      '/media/clips/[token]',
      '/media/pictures/[token]',
      '/api/videos/view/[token]',
      '/api/videos/view/[token]',
      '/media/clips/[token]',
      '/MEDIA/PICTURES/[token]',
      ...urls.slice(6).map(() => '/media/pictures/[token]'),
    ]);
    const log = lines.join('\n');
    for (const secret of [
      'clipsecret',
      'picturesecret',
      'viewsecret',
      'unmatchedsecret',
      'encodedsecret',
      'uppersecret',
      'badsecret',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
