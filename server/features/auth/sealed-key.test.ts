import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealedAppKey, openAppKey, sealAppKey } from './sealed-key.ts';

const key = randomBytes(32).toString('base64url');
const appKey = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const member = (id: number) => ({ kind: 'member' as const, id });
const operator = (id: number) => ({ kind: 'operator' as const, id });

describe('an app key sealed for the database', () => {
  it('opens with the server key for the owner it was sealed for, and differs each time', () => {
    for (const owner of [member(7), operator(7)]) {
      const sealed = sealAppKey(key, owner, appKey);
      expect(sealed).not.toContain(appKey);
      expect(isSealedAppKey(sealed)).toBe(true);
      expect(sealAppKey(key, owner, appKey)).not.toBe(sealed);
      expect(openAppKey(key, owner, sealed)).toBe(appKey);
    }
    expect(isSealedAppKey(appKey)).toBe(false);
  });

  it('does not open for another member, another kind of owner, another key, no key, or a changed text', () => {
    const sealed = sealAppKey(key, member(7), appKey);
    expect(openAppKey(key, member(8), sealed)).toBeNull();
    expect(openAppKey(key, operator(7), sealed)).toBeNull();
    expect(openAppKey(key, member(7), sealAppKey(key, operator(7), appKey))).toBeNull();
    expect(openAppKey(randomBytes(32).toString('base64url'), member(7), sealed)).toBeNull();
    expect(openAppKey(null, member(7), sealed)).toBeNull();
    const [form, iv, tag, text] = sealed.split('.');
    const flipped = `${text?.slice(0, -2)}${text?.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(openAppKey(key, member(7), [form, iv, tag, flipped].join('.'))).toBeNull();
    expect(openAppKey(key, member(7), appKey)).toBeNull();
    expect(openAppKey(key, member(7), '')).toBeNull();
  });

  it("still opens members' rows sealed before operators' keys were (additional data `member-totp:<id>`)", () => {
    // Sealed as the first version of this module did, by hand.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), iv).setAAD(
      Buffer.from('member-totp:7'),
    );
    const text = Buffer.concat([cipher.update(appKey, 'utf8'), cipher.final()]);
    const old = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), text.toString('base64url')];
    expect(openAppKey(key, member(7), old.join('.'))).toBe(appKey);
  });
});
