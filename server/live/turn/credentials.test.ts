import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  browserIceServers,
  randomCredentialId,
  SFU_TURN_TTL_SECONDS,
  sfuIceServers,
  type TurnSettings,
  turnCredential,
} from './credentials.ts';

const secret = 'an-example-turn-secret-of-32-chars!!';
// 2026-12-31T23:00:00Z: the expiry 1798761600 (2027-01-01T00:00:00Z) is an hour later.
const now = Date.UTC(2026, 11, 31, 23, 0, 0);
const turn: TurnSettings = { urls: ['turn:turn.example.com:3478'], secret, ttlSeconds: 3600, forSfu: false };
const stun = { urls: 'stun:stun.example.com:3478' };

describe('TURN credentials', () => {
  it('signs `<expiry>:<id>` as coturn checks it', () => {
    // Computed apart from this code:
    // printf '%s' '1798761600:viewer-1' | openssl dgst -sha1 -hmac 'an-example-turn-secret-of-32-chars!!' -binary | base64
    expect(turnCredential(secret, 'viewer-1', now, 3600)).toEqual({
      username: '1798761600:viewer-1',
      credential: 'wilJ2rAo4+ol6HRvl18wvDXQMj4=',
      expiresAt: 1_798_761_600,
    });
    // Part of a second does not move the expiry; another secret gives another credential.
    expect(turnCredential(secret, 'viewer-1', now + 999, 3600).username).toBe('1798761600:viewer-1');
    expect(turnCredential(`${secret}x`, 'viewer-1', now, 3600).credential).not.toBe('wilJ2rAo4+ol6HRvl18wvDXQMj4=');
    expect(() => turnCredential(secret, 'a:b', now, 3600)).toThrow(/colon/);
  });

  it('gives every browser answer the configured servers and a fresh relay credential naming nobody', () => {
    expect(browserIceServers([stun], null, now)).toEqual([stun]);
    const [first, relay] = browserIceServers([stun], turn, now);
    expect(first).toEqual(stun);
    expect(relay?.urls).toEqual(turn.urls);
    const [expiry, id] = (relay?.username ?? '').split(':');
    expect(Number(expiry)).toBe(1_798_761_600);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(relay?.credential).toBe(
      createHmac('sha1', secret)
        .update(relay?.username ?? '')
        .digest('base64'),
    );
    const again = browserIceServers([stun], turn, now)[1];
    expect(again?.username).not.toBe(relay?.username);
    expect(new Set(Array.from({ length: 50 }, randomCredentialId)).size).toBe(50);
  });

  it('hands the SFU the relay only when asked, with a credential for a year', () => {
    expect(sfuIceServers([stun], turn, now)).toEqual([stun]);
    expect(sfuIceServers([stun], null, now)).toEqual([stun]);
    const servers = sfuIceServers([stun], { ...turn, forSfu: true }, now);
    expect(servers).toHaveLength(2);
    expect(servers[1]).toEqual({
      urls: turn.urls,
      username: `${Math.floor(now / 1000) + SFU_TURN_TTL_SECONDS}:sfu`,
      credential: turnCredential(secret, 'sfu', now, SFU_TURN_TTL_SECONDS).credential,
    });
  });
});
