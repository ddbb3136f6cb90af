import { veriffSignature } from '#server/providers/veriff.ts';
import type { TestContext } from './harness.ts';

/** One Veriff integration as our tests see it: its webhook address, API key and shared secret. */
export type VeriffHook = { url: string; apiKey: string; secret: string };

/** Veriff's answer to POST /v1/sessions. */
export const veriffSession = (id: string) => ({
  status: 201,
  body: { status: 'success', verification: { id, url: `https://alchemy.veriff.com/v/${id}`, sessionToken: 't' } },
});

/**
 * A decision webhook about a session (approved unless `fields` say otherwise), signed as Veriff
 * signs it with `secret`; the sender may be given another signature or API key.
 */
export function veriffDecision(
  t: TestContext,
  hook: VeriffHook,
  vendorData: string,
  sessionId: string,
  fields: Record<string, unknown> = {},
  secret = hook.secret,
) {
  const raw = JSON.stringify({
    status: 'success',
    verification: {
      id: sessionId,
      attemptId: `${sessionId}-attempt`,
      code: 9001,
      status: 'approved',
      decisionTime: new Date().toISOString(),
      vendorData,
      document: { validUntil: '2099-01-01' },
      ...fields,
    },
    technicalData: { ip: '192.0.2.1' },
  });
  return (signature = veriffSignature(secret, raw), apiKey = hook.apiKey) =>
    t.app.inject({
      method: 'POST',
      url: hook.url,
      headers: { 'content-type': 'application/json', 'x-auth-client': apiKey, 'x-hmac-signature': signature },
      payload: raw,
    });
}
