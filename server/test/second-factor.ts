import { expect, vi } from 'vitest';
import { base32Decode, TOTP_STEP_SECONDS, totpCode, totpStep } from '#server/features/auth/totp.ts';
import { PASSWORD } from './fixtures.ts';
import type { TestClient } from './harness.ts';

/** The code her app shows at `now`. */
export function appCode(secret: string, now = Date.now()) {
  const key = base32Decode(secret);
  if (!key) throw new Error('not a base32 key');
  return totpCode(key, totpStep(now));
}

/**
 * A fake clock (Date only) that moves a TOTP step on at every `tick`, so each code a test types is
 * a fresh one (a code is accepted once).
 */
export function stepClock() {
  let now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return {
    tick(seconds = TOTP_STEP_SECONDS) {
      now += seconds * 1000;
      vi.setSystemTime(now);
      return now;
    },
  };
}

/** Sets her authenticator app up and confirms it over the API; answers its key and the recovery codes. */
export async function turnOnApp(client: TestClient, password: string | undefined = PASSWORD) {
  const setup = await client.post('/api/users/second-factor/totp', password === undefined ? {} : { password });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret: string = setup.json().secret;
  const confirm = await client.post('/api/users/second-factor/totp/confirm', { code: appCode(secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, codes: confirm.json().recovery_codes as string[] };
}
