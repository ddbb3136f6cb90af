import { describe, expect, it } from 'vitest';
import { signMedia, tokenId, verifyMedia } from './tokens.ts';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const grant = { kind: 'clip' as const, key: 'videos/500001/2.webm', userId: 42, expires: 2_000_000_000 };

describe('signed media tokens', () => {
  it('verify for their kind until they expire', () => {
    const token = signMedia(secret, grant);
    expect(verifyMedia(secret, token, 'clip', 1_999_999_999)).toEqual(grant);
    expect(verifyMedia(secret, token, 'clip', 2_000_000_000)).toBeNull();
    expect(verifyMedia(secret, token, 'picture', 1_000)).toBeNull();
    expect(verifyMedia(secret, signMedia(secret, { ...grant, userId: null }), 'clip', 1_000)?.userId).toBeNull();
  });

  it('are unique per signing and url-safe', () => {
    const a = signMedia(secret, grant);
    const b = signMedia(secret, grant);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokenId(a)).not.toBe(tokenId(b));
    expect(tokenId(a)).toHaveLength(32);
  });

  it('fail when any byte changes, under another key, or when malformed', () => {
    const token = signMedia(secret, grant);
    const [payload = '', mac = ''] = token.split('.');
    const changed = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('/2.webm', '/3.webm')).toString(
      'base64url',
    );
    for (const bad of [
      `${changed}.${mac}`,
      `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'Q' : 'A'}`,
      `${payload}x.${mac}`,
      payload,
      '',
      '.',
      `${payload}.${mac}.${mac}`,
      'a/b.c',
    ]) {
      expect(verifyMedia(secret, bad, 'clip', 1_000), bad).toBeNull();
    }
    expect(verifyMedia(Buffer.from('another secret'), token, 'clip', 1_000)).toBeNull();
  });
});
