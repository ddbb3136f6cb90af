import { writeFile } from 'node:fs/promises';
import { expect, test as setup } from '@playwright/test';
import { AUTH_COOKIE_PREFIX } from '#common/constants.ts';
import { DEMO_MODERATOR, DEMO_OPERATOR, DEMO_SUPPORT_OPERATOR } from '#server/db/seed/demo-operator.ts';
import { base32Decode, totpCode } from '#server/features/auth/totp.ts';
import { DEMO } from './catalogue-support.ts';
import { nextStep } from './console-support.ts';

/**
 * Many journeys sign the demo member in, each from a new browser, all from this machine's
 * address: more than a member's account allows unknown browsers in an hour before it slows them
 * down (common/domain/login-slowdown.ts). Like a member at her own computer, the journeys'
 * browsers carry the demo account's known-device cookie (and nothing else: they start signed
 * out). The journey of the slow-down itself uses an account of its own. The demo operators'
 * browsers are known devices of their console accounts in the same way (e2e/console-support.ts).
 */
const DEMO_DEVICE_STATE = 'test-results/demo-device.json';

setup("the demo member's browsers are a known device of her account", async ({ request }) => {
  await request.get('/api/auth/csrf-cookie');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await request.post('/api/auth/login', {
    data: { username: DEMO.email, password: DEMO.password },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(login.status()).toBe(200);
  for (const operator of [DEMO_OPERATOR, DEMO_MODERATOR, DEMO_SUPPORT_OPERATOR]) {
    const key = base32Decode(operator.totpSecret);
    if (!key) throw new Error('not a base32 key');
    const xsrfNow = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const signIn = await request.post('/api/admin/session', {
      data: { email: operator.email, password: operator.password, code: totpCode(key, await nextStep(operator.email)) },
      headers: { 'x-xsrf-token': xsrfNow },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
  }
  const devices = (await request.storageState()).cookies.filter((c) =>
    [`${AUTH_COOKIE_PREFIX}device`, 'admin.device'].includes(c.name),
  );
  expect(devices.map((c) => c.name).sort()).toEqual(['admin.device', `${AUTH_COOKIE_PREFIX}device`].sort());
  await writeFile(DEMO_DEVICE_STATE, JSON.stringify({ cookies: devices, origins: [] }));
});
