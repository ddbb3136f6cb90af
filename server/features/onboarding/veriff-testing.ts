import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { idCheckAttempts, idCheckEvents, performerApplications } from '#server/db/schema/onboarding.ts';
import type { TestContext } from '#server/test/harness.ts';
import { veriffDecision } from '#server/test/veriff.ts';

/** The performers' ID check at (a fake) Veriff in tests: its settings, its webhooks, and what we wrote. */

export const ID_API_KEY = 'a9e0c0de-0000-4000-8000-00000000id01';
export const ID_SECRET = 'be11e000-1111-4222-8333-0000000id002';
export const CALLBACK = '/api/idcheck/callback/veriff';

export { veriffSession } from '#server/test/veriff.ts';

/** A decision webhook about her session, signed as Veriff signs it; send it with another signature or key if told. */
export const decision = (
  t: TestContext,
  vendorData: string,
  sessionId: string,
  extra: Record<string, unknown> = {},
  secret = ID_SECRET,
) =>
  veriffDecision(
    t,
    { url: CALLBACK, apiKey: ID_API_KEY, secret: ID_SECRET },
    vendorData,
    sessionId,
    {
      person: { firstName: 'MARIA', lastName: 'EXAMPLE', dateOfBirth: '1995-04-12' },
      document: { type: 'PASSPORT', validUntil: '2099-01-01' },
      ...extra,
    },
    secret,
  );

/** Her application, her attempts and the events recorded: what a refused webhook must leave alone. */
export async function checkState(t: TestContext, performerId: number) {
  const [application] = await t.db
    .select()
    .from(performerApplications)
    .where(eq(performerApplications.performerId, performerId));
  const attempts = await t.db.select().from(idCheckAttempts).where(eq(idCheckAttempts.performerId, performerId));
  const events = await t.db.select({ id: idCheckEvents.id }).from(idCheckEvents);
  return { application, attempts, events: events.length };
}

/** Sends a request that must be refused with `status` and change nothing of hers. */
export async function expectNothingChanged(
  t: TestContext,
  performerId: number,
  send: () => Promise<{ statusCode: number; body: string; json: () => { error?: string } }>,
  status: number,
) {
  const before = await checkState(t, performerId);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(await checkState(t, performerId)).toEqual(before);
  return res;
}
