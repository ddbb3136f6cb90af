import { writeFile } from 'node:fs/promises';
import { expect, test as setup } from '@playwright/test';
import { AUTH_COOKIE_PREFIX } from '#common/constants.ts';
import { DEMO } from './catalogue-support.ts';

/**
 * Many journeys sign the demo member in, each from a new browser, all from this machine's
 * address: more than a member's account allows unknown browsers in an hour before it slows them
 * down (common/domain/login-slowdown.ts). Like a member at her own computer, the journeys'
 * browsers carry the demo account's known-device cookie (and nothing else: they start signed
 * out). The journey of the slow-down itself uses an account of its own.
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
  const device = (await request.storageState()).cookies.filter((c) => c.name === `${AUTH_COOKIE_PREFIX}device`);
  expect(device).toHaveLength(1);
  await writeFile(DEMO_DEVICE_STATE, JSON.stringify({ cookies: device, origins: [] }));
});
