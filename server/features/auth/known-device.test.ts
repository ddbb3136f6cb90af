import { describe, expect, it } from 'vitest';
import { deviceFor, KNOWN_DEVICE_DAYS, withDevice } from './known-device.ts';

const SECRET = 'a-secret-that-is-long-enough-for-the-test-0123456789';
const alice = { id: 7, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$alice' };
const bob = { id: 8, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bob' };
const now = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;

describe('known-device cookie', () => {
  it('knows the account it was made for, and no other account, secret or password', () => {
    const cookie = withDevice(SECRET, undefined, alice, now);
    const device = deviceFor(SECRET, cookie, alice, now);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceFor(SECRET, cookie, bob, now)).toBeNull();
    expect(deviceFor(`${SECRET}-other`, cookie, alice, now)).toBeNull();
    // A new password forgets every device of the account.
    expect(deviceFor(SECRET, cookie, { ...alice, passwordHash: `${alice.passwordHash}-new` }, now)).toBeNull();
  });

  it('refuses an entry whose fields were changed', () => {
    const cookie = withDevice(SECRET, undefined, alice, now);
    const [id, issued, device, mac] = cookie.split('.');
    const variants = [
      `8.${issued}.${device}.${mac}`,
      `${id}.${Number(issued) + 86_400}.${device}.${mac}`,
      `${id}.${issued}.${'A'.repeat(22)}.${mac}`,
      // One character of the MAC changed (to another one: a MAC may end in "A" already).
      `${id}.${issued}.${device}.${mac?.slice(0, -1)}${mac?.endsWith('A') ? 'B' : 'A'}`,
      `${cookie}x`,
      '',
      '~~~',
    ];
    for (const forged of variants) expect(deviceFor(SECRET, forged, { ...alice, id: 8 }, now)).toBeNull();
    for (const forged of variants.slice(1)) expect(deviceFor(SECRET, forged, alice, now)).toBeNull();
  });

  it(`expires after ${KNOWN_DEVICE_DAYS} days`, () => {
    const cookie = withDevice(SECRET, undefined, alice, now);
    expect(deviceFor(SECRET, cookie, alice, now + (KNOWN_DEVICE_DAYS - 1) * DAY)).not.toBeNull();
    expect(deviceFor(SECRET, cookie, alice, now + KNOWN_DEVICE_DAYS * DAY)).toBeNull();
  });

  it('keeps the entries of other accounts of a shared browser, five at most, the newest first', () => {
    let cookie = withDevice(SECRET, 'garbage~', bob, now);
    cookie = withDevice(SECRET, cookie, alice, now);
    expect(deviceFor(SECRET, cookie, bob, now)).not.toBeNull();
    expect(deviceFor(SECRET, cookie, alice, now)).not.toBeNull();
    expect(cookie.split('~')).toHaveLength(2);
    // A new sign-in replaces the account's entry (with a new device id) instead of adding one.
    const before = deviceFor(SECRET, cookie, alice, now);
    cookie = withDevice(SECRET, cookie, alice, now);
    expect(cookie.split('~')).toHaveLength(2);
    expect(deviceFor(SECRET, cookie, alice, now)).not.toBe(before);
    for (let id = 20; id < 26; id++) cookie = withDevice(SECRET, cookie, { id, passwordHash: null }, now);
    expect(cookie.split('~')).toHaveLength(5);
    expect(deviceFor(SECRET, cookie, { id: 25, passwordHash: null }, now)).not.toBeNull();
    expect(deviceFor(SECRET, cookie, alice, now)).toBeNull();
  });
});
