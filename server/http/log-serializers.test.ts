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
});
