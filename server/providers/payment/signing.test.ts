import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from '#server/providers/webhook-signature.ts';
import { readToken, signToken } from './signing.ts';

const KEY = 'sandbox-key-for-tests';
const BODY = '{"event_id":"evt_1","amount_cents":2500}';
const NOW = 1_800_000_000_000;

describe('postback signatures', () => {
  it('accept a body signed with the key within the window', () => {
    const header = signWebhook(KEY, BODY, NOW);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(KEY, header, BODY, NOW)).toEqual({ ok: true });
    expect(verifyWebhook(KEY, header, BODY, NOW + 299_000)).toEqual({ ok: true });
  });

  it('refuse a wrong key, an altered body, an altered time and a stale or future timestamp', () => {
    const header = signWebhook(KEY, BODY, NOW);
    expect(verifyWebhook('another-key', header, BODY, NOW)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhook(KEY, header, BODY.replace('2500', '25000'), NOW)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhook(KEY, header.replace('t=1800000000', 't=1800000001'), BODY, NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyWebhook(KEY, header, BODY, NOW + 301_000)).toEqual({ ok: false, reason: 'stale' });
    // Without the key the window is not told: a forged stale request is a mismatch.
    expect(verifyWebhook('another-key', header, BODY, NOW + 301_000)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhook(KEY, signWebhook(KEY, BODY, NOW + 400_000), BODY, NOW)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuse headers that are missing or malformed', () => {
    expect(verifyWebhook(KEY, undefined, BODY, NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWebhook(KEY, '', BODY, NOW)).toEqual({ ok: false, reason: 'missing' });
    for (const header of ['v1=abc', 't=1,v1=xyz', `t=abc,v1=${'a'.repeat(64)}`, ['t=1'], 'x'.repeat(600)]) {
      expect(verifyWebhook(KEY, header, BODY, NOW)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('page tokens', () => {
  it('carry their payload for their purpose until they expire', () => {
    const token = signToken(KEY, 'pay', { o: 7 }, NOW + 60_000);
    expect(readToken(KEY, 'pay', token, NOW)).toMatchObject({ ok: true, payload: { o: 7 } });
    expect(readToken(KEY, '3ds', token, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(readToken('other', 'pay', token, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(readToken(KEY, 'pay', token, NOW + 61_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse a token whose payload was changed', () => {
    const token = signToken(KEY, 'pay', { o: 7, a: 1000 }, NOW + 60_000);
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ o: 7, a: 1, p: 'pay', exp: NOW / 1000 + 60 })).toString('base64url')}.${mac}`;
    expect(readToken(KEY, 'pay', forged, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(readToken(KEY, 'pay', 'garbage', NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
