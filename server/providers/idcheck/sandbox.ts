import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ID_CHECK_REASONS, type IdCheckReason } from '#common/api/onboarding.ts';
import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { sandboxIdChecks } from '#server/db/schema/onboarding.ts';
import { issueTicket } from '#server/providers/avs/sandbox.ts';
import { signWebhook, verifyWebhook } from '#server/providers/webhook-signature.ts';
import type { IdCheckEvent, IdCheckProvider, IdCheckStatus } from './types.ts';

/**
 * The built-in ID provider. Its hosted page (`/sandbox/idcheck/<token>`, sandbox-pages.ts) lets
 * the tester choose the outcome: approved, rejected with a reason, or pending first and a result
 * later, as a real provider's manual review does. It reports to our callback with an HMAC-SHA256
 * signature over "<t>.<raw body>" (header `x-idcheck-signature: t=<unix s>,v1=<hex>`), accepted
 * within five minutes, retries an unanswered report with back-off, and keeps its own record of
 * each check for its status API (table sandbox_id_checks, the provider's side of the books).
 */

export const SANDBOX_IDCHECK = 'sandbox';
export const IDCHECK_SIGNATURE_HEADER = 'x-idcheck-signature';

export const SANDBOX_OUTCOMES = ['approved', 'rejected', 'pending_approved', 'pending_rejected'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** The callback key both sides know, and the page key only the sandbox uses. */
export function sandboxIdCheckKeys(config: Config) {
  const derive = (purpose: string) =>
    createHmac('sha256', config.payments.sandboxKey).update(`sandbox-idcheck:${purpose}`).digest('base64url');
  return { callbackKey: derive('callback'), pageKey: derive('page') };
}

export const signIdCheckCallback = (key: string, rawBody: string, now = Date.now()) => signWebhook(key, rawBody, now);

const eventBody = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['check.pending', 'check.passed', 'check.failed']),
  reference: z.string().min(1).max(100),
  reason: z.enum(ID_CHECK_REASONS).nullable(),
  created: z.number().int(),
});

/** The callback body the sandbox sends. */
export function idCheckCallbackBody(
  reference: string,
  type: IdCheckEvent['type'],
  reason: IdCheckReason | null,
  now = Date.now(),
): string {
  return JSON.stringify({ id: `evt_${randomUUID()}`, type, reference, reason, created: Math.floor(now / 1000) });
}

/** The sandbox's books: a check opened, and each state it reaches. */
export async function recordSandboxCheck(db: DbOrTx, reference: string, status: IdCheckStatus) {
  await db
    .insert(sandboxIdChecks)
    .values({ reference, state: status.state, reason: status.reason })
    .onConflictDoUpdate({
      target: sandboxIdChecks.reference,
      set: { state: status.state, reason: status.reason, updatedAt: new Date() },
    });
}

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function sandboxIdCheckProvider(config: Config, db: DbOrTx): IdCheckProvider {
  const { callbackKey, pageKey } = sandboxIdCheckKeys(config);
  return {
    name: SANDBOX_IDCHECK,
    async start({ reference, returnUrl, locale }) {
      await recordSandboxCheck(db, reference, { state: 'open', reason: null });
      return { link: `${config.publicUrl}/sandbox/idcheck/${issueTicket(pageKey, { reference, returnUrl, locale })}` };
    },
    async status(reference) {
      const [row] = await db.select().from(sandboxIdChecks).where(eq(sandboxIdChecks.reference, reference));
      if (!row) return null;
      const reason = (ID_CHECK_REASONS as readonly string[]).includes(row.reason ?? '')
        ? (row.reason as IdCheckReason)
        : null;
      return { state: row.state as IdCheckStatus['state'], reason };
    },
    verifyCallback({ headers, rawBody, now = Date.now() }) {
      const check = verifyWebhook(callbackKey, headerValue(headers[IDCHECK_SIGNATURE_HEADER]), rawBody, now);
      if (!check.ok) return { ok: false, reason: check.reason === 'stale' ? 'stale' : 'signature' };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const parsed = eventBody.safeParse(json);
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const b = parsed.data;
      // Only a failure names a reason.
      if ((b.type === 'check.failed') !== (b.reason !== null)) return { ok: false, reason: 'malformed' };
      return { ok: true, event: { eventId: b.id, type: b.type, reference: b.reference, reason: b.reason } };
    },
  };
}
