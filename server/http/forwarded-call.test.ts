import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FORWARDED_HEADER, forwardedCallHeader, readForwardedCall } from './forwarded-call.ts';
import { isLocalCaller } from './local-caller.ts';

const secret = 'a-session-secret-that-is-long-enough-0123456789';
const call = { method: 'POST', url: '/api/live/some-show/watch' };
const envelope = { ip: '198.51.100.7', host: 'cams.example', node: 'api-2' };
const now = 1_800_000_000_000;

describe('calls passed on between API processes', () => {
  it('reads back what a sibling signed for this very call', () => {
    const header = forwardedCallHeader(secret, call, envelope, now);
    expect(readForwardedCall(secret, call, header, now + 1_000)).toEqual(envelope);
  });

  it('refuses another secret, another method or URL, a stale or future time, and broken headers', () => {
    const header = forwardedCallHeader(secret, call, envelope, now);
    expect(readForwardedCall(`${secret}x`, call, header, now)).toBeNull();
    expect(readForwardedCall(secret, { ...call, method: 'GET' }, header, now)).toBeNull();
    expect(readForwardedCall(secret, { ...call, url: '/api/studio/live/stop' }, header, now)).toBeNull();
    expect(readForwardedCall(secret, call, header, now + 31_000)).toBeNull();
    expect(readForwardedCall(secret, call, header, now - 31_000)).toBeNull();
    const [at, payload, signature] = header.split('.');
    const other = Buffer.from(JSON.stringify({ ...envelope, ip: '203.0.113.1' })).toString('base64url');
    for (const broken of [
      '',
      'x',
      `${at}.${other}.${signature}`,
      `${at}.${payload}`,
      `${header}.x`,
      `${at}x.${payload}.${signature}`,
    ]) {
      expect(readForwardedCall(secret, call, broken, now)).toBeNull();
    }
    // Signed, but not an address: refused all the same.
    const notAnAddress = forwardedCallHeader(secret, call, { ...envelope, ip: 'evil' }, now);
    expect(readForwardedCall(secret, call, notAnAddress, now)).toBeNull();
  });

  it('never makes a call passed on from loopback a local caller', () => {
    const request = (headers: Record<string, string>) =>
      ({
        socket: { remoteAddress: '127.0.0.1' },
        headers: { host: '127.0.0.1:3000', ...headers },
      }) as unknown as FastifyRequest;
    expect(isLocalCaller(request({}), 'http://localhost:3000')).toBe(true);
    const header = forwardedCallHeader(secret, call, envelope, now);
    expect(isLocalCaller(request({ [FORWARDED_HEADER]: header }), 'http://localhost:3000')).toBe(false);
  });
});
