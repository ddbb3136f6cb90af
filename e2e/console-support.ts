import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { frameTexts, signInTexts } from '#app/console/texts.ts';
import { DEMO_OPERATOR } from '#server/db/seed/demo-operator.ts';
import { base32Decode, totpCode } from '#server/features/auth/totp.ts';

export type ConsoleAccount = { email: string; password: string; totpSecret: string };

/** The known-device cookies the setup project wrote (playwright.config.ts gives them to every page). */
const KNOWN_DEVICES = 'test-results/demo-device.json';

/**
 * The last authenticator step used per account, in a file: the setup project (another worker)
 * signs the demo operators in too, and the server takes each step once.
 */
const USED_STEPS = 'test-results/totp-steps.json';
const STEP_MS = 30_000;

function usedSteps(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(USED_STEPS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The authenticator step for this account's next sign-in: the current one, or the one after the
 * last used (the server takes one step of drift), waiting for a step to begin when both are used.
 */
export async function nextStep(email: string): Promise<number> {
  const now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, (usedSteps()[email] ?? now - 1) + 1);
  mkdirSync(dirname(USED_STEPS), { recursive: true });
  writeFileSync(USED_STEPS, JSON.stringify({ ...usedSteps(), [email]: step }));
  if (step > now + 1) await new Promise((done) => setTimeout(done, (step - 1) * STEP_MS - Date.now() + 100));
  return step;
}

/**
 * An operator signed in to the console in a browser context of her own (the demo administrator
 * unless another account is given); the page ends on `next` (the start page by default). The
 * server accepts the step before and after the current one, each once: a second sign-in of the
 * same account within one 30-second step takes the next step's code, and a code another worker
 * used already is answered by trying the next step (after that step has begun, when needed).
 */
export async function consoleSignIn(
  browser: Browser,
  account: ConsoleAccount = DEMO_OPERATOR,
  next = '/admin',
): Promise<Page> {
  const t = signInTexts.en;
  const key = base32Decode(account.totpSecret);
  if (!key) throw new Error('not a base32 key');
  // The demo operators' browsers are known devices of their accounts (e2e/demo-device.setup.ts), as
  // an operator's own computer is: all journeys come from one address.
  const page = await (await browser.newContext({ locale: 'en-US', storageState: KNOWN_DEVICES })).newPage();
  for (let attempt = 0; attempt < 4; attempt++) {
    const step = await nextStep(account.email);
    await page.goto(`/admin/login?lang=en&next=${encodeURIComponent(next)}`);
    await page.getByLabel(t.email).fill(account.email);
    await page.getByRole('textbox', { name: t.password, exact: true }).fill(account.password);
    await page.getByLabel(t.code).fill(totpCode(key, step));
    await page.getByRole('button', { name: t.submit }).click();
    const signedIn = await page
      .waitForURL((url) => url.pathname !== '/admin/login', { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!signedIn) continue;
    if (next === '/admin') await expect(page.getByRole('heading', { name: frameTexts.en.dashboard })).toBeVisible();
    return page;
  }
  throw new Error(`console sign-in of ${account.email} failed`);
}
