import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryThrottle } from '#server/http/throttle.ts';
import { type FakeProvider, fakeProvider } from '#server/test/fake-provider.ts';
import { recaptchaProvider } from './recaptcha.ts';
import { issueSandboxToken, sandboxCaptchaProvider } from './sandbox.ts';

describe('sandbox captcha verify', () => {
  const key = 'sandbox-key';
  let now = Date.parse('2026-06-15T12:00:00Z');
  const provider = sandboxCaptchaProvider(
    key,
    memoryThrottle(() => now),
    () => now,
  );

  it('takes a fresh token once, then calls it replayed', async () => {
    const token = issueSandboxToken(key, now);
    expect(await provider.verify(token, '10.0.0.1')).toBe('ok');
    expect(await provider.verify(token, '10.0.0.1')).toBe('replayed');
  });

  it('calls a token expired two minutes after it was issued', async () => {
    const token = issueSandboxToken(key, now);
    now += 119_000;
    expect(await provider.verify(issueSandboxToken(key, now - 119_000), '10.0.0.1')).toBe('ok');
    now += 1_000;
    expect(await provider.verify(token, '10.0.0.1')).toBe('expired');
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['empty parts', '.'],
    ['three parts', 'a.b.c'],
    ['another key', issueSandboxToken('other-key')],
    ['a body that is no JSON', `${Buffer.from('x').toString('base64url')}.sig`],
  ])('calls %s wrong', async (_name, token) => {
    expect(await provider.verify(token, '10.0.0.1')).toBe('wrong');
  });
});

describe('reCAPTCHA v2 siteverify', () => {
  let google: FakeProvider;
  beforeAll(async () => {
    google = await fakeProvider();
  });
  afterAll(() => google.close());
  const errors: string[][] = [];
  const foreign: Array<string | undefined> = [];
  const provider = () =>
    recaptchaProvider(
      { siteKey: 'site', secretKey: 'our-secret', verifyUrl: `${google.url}/recaptcha/api/siteverify` },
      {
        timeoutMs: 500,
        hosts: new Set(['localhost', 'cams.example.de']),
        onConfigError: (codes) => errors.push(codes),
        onForeignHost: (hostname) => foreign.push(hostname),
      },
    );

  it('posts secret, response and the visitor address as a form, and passes a success', async () => {
    google.answer({
      status: 200,
      body: { success: true, challenge_ts: '2026-06-15T12:00:00Z', hostname: 'localhost' },
    });
    expect(await provider().verify('token-1', '203.0.113.9')).toBe('ok');
    const sent = google.received.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/recaptcha/api/siteverify');
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      secret: 'our-secret',
      response: 'token-1',
      remoteip: '203.0.113.9',
    });
  });

  it('passes a success on any of our hosts, in any case', async () => {
    for (const hostname of ['localhost', 'cams.example.de', 'CAMS.Example.DE']) {
      google.answer({ status: 200, body: { success: true, challenge_ts: '2026-06-15T12:00:00Z', hostname } });
      expect(await provider().verify('t', '203.0.113.9')).toBe('ok');
    }
    expect(foreign).toEqual([]);
  });

  it('calls a success on another host, or naming none, wrong, and says which host it was', async () => {
    for (const hostname of ['evil.example', 'cams.example.de.evil.example', 'example.de']) {
      google.answer({ status: 200, body: { success: true, challenge_ts: '2026-06-15T12:00:00Z', hostname } });
      expect(await provider().verify('t', '203.0.113.9')).toBe('wrong');
    }
    google.answer({ status: 200, body: { success: true, challenge_ts: '2026-06-15T12:00:00Z' } });
    expect(await provider().verify('t', '203.0.113.9')).toBe('wrong');
    expect(foreign).toEqual(['evil.example', 'cams.example.de.evil.example', 'example.de', undefined]);
  });

  it.each([
    [['invalid-input-response'], 'wrong'],
    [['missing-input-response'], 'wrong'],
    [[], 'wrong'],
    [['timeout-or-duplicate'], 'expired'],
  ])('maps error codes %j to %s', async (codes, verdict) => {
    google.answer({ status: 200, body: { success: false, 'error-codes': codes } });
    expect(await provider().verify('t', '203.0.113.9')).toBe(verdict);
  });

  it('is unavailable, and says so, when Google refuses our secret', async () => {
    google.answer({ status: 200, body: { success: false, 'error-codes': ['invalid-input-secret'] } });
    expect(await provider().verify('t', '203.0.113.9')).toBe('unavailable');
    expect(errors.at(-1)).toEqual(['invalid-input-secret']);
  });

  it('is unavailable on an error status, a body that is no answer, or no answer in time', async () => {
    google.answer({ status: 500, body: {} });
    expect(await provider().verify('t', '203.0.113.9')).toBe('unavailable');
    google.answer({ status: 200, body: { ok: 1 } });
    expect(await provider().verify('t', '203.0.113.9')).toBe('unavailable');
    google.answer({ status: 200, body: { success: true }, delayMs: 2_000 });
    expect(await provider().verify('t', '203.0.113.9')).toBe('unavailable');
  });
});
