/**
 * The sandbox PSP's back office, from the command line: reverses a payment the sandbox PSP took,
 * the way a payment company would, by a signed refund or chargeback postback to the running server.
 *
 *   npm run sandbox:psp -- refund <billingId>
 *   npm run sandbox:psp -- chargeback <billingId>
 *
 * It reads the same settings as the server (PUBLIC_URL, SESSION_SECRET or the data folder's
 * secret) and signs its request with the sandbox key derived from them; on a staging system it
 * also passes the /sandbox/ pages' password (STAGING_PASSWORD).
 */
import { loadConfig } from '#server/env.ts';
import { SIGNATURE_HEADER } from '#server/providers/payment/signing.ts';
import { signWebhook } from '#server/providers/webhook-signature.ts';

const [action, billingId] = process.argv.slice(2);
const id = Number(billingId?.replace(/^BS/i, ''));
if ((action !== 'refund' && action !== 'chargeback') || !Number.isSafeInteger(id) || id <= 0) {
  console.error('Usage: npm run sandbox:psp -- refund|chargeback <billingId>');
  process.exit(2);
}

const config = loadConfig();
if (config.payments.provider !== 'sandbox') {
  console.error(`PAYMENT_PROVIDER is ${config.payments.provider}: the sandbox PSP is not in use.`);
  process.exit(2);
}

const body = JSON.stringify({ action, billing_id: id });
const staging: Record<string, string> = config.stagingPassword
  ? { authorization: `Basic ${Buffer.from(`staging:${config.stagingPassword}`).toString('base64')}` }
  : {};
const url = `${config.publicUrl}/sandbox/pay/backoffice`;
try {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(config.payments.sandboxKey, body),
      ...staging,
    },
    body,
  });
  const answer = await res.text();
  if (res.status === 202) {
    // Booked, and sent by the sandbox PSP's outbox as soon as the shop answers.
    console.log(`${action} of BS${id} queued: ${answer}`);
  } else if (res.ok) {
    console.log(`${action} of BS${id} delivered: ${answer}`);
  } else {
    console.error(`${action} of BS${id} refused (${res.status}): ${answer}`);
    process.exit(1);
  }
} catch (err) {
  console.error(`Cannot reach ${url}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
