import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { ageChecks } from '#server/db/schema/avs.ts';
import { paymentEvents } from '#server/db/schema/billing.ts';
import { SIGNATURE_HEADER, sandboxAvsKeys, signCallback } from '#server/providers/avs/sandbox.ts';
import { dbState } from '#server/test/fixtures.ts';
import type { TestClient, TestContext } from '#server/test/harness.ts';

type Response = Awaited<ReturnType<TestClient['request']>>;

/** Every table the age check can touch, for before/after comparisons. */
export async function avsState(t: TestContext) {
  return {
    ...(await dbState(t)),
    ageChecks: await t.db.select().from(ageChecks).orderBy(asc(ageChecks.id)),
    events: await t.db.select().from(paymentEvents).orderBy(asc(paymentEvents.id)),
  };
}

/** A request that must answer `status` (and `error`) and leave every table as it was. */
export async function expectNoChange(t: TestContext, send: () => Promise<Response>, status: number, error?: string) {
  const before = await avsState(t);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  if (error) expect(res.json().error).toBe(error);
  expect(await avsState(t)).toEqual(before);
  return res;
}

/** Starts a check in the client's session and answers its id and the hosted page's path. */
export async function startCheck(client: TestClient, body: object = { target: 'voicecall', kjm: true }) {
  const res = await client.post('/api/avs/start', body);
  expect(res.statusCode, res.body).toBe(200);
  const { link, id } = res.json() as { link: string; id: number };
  return { id, page: new URL(link).pathname };
}

/** Fills the sandbox page's form as a browser would. */
export const submitForm = (client: TestClient, page: string, form: Record<string, string>) =>
  client.raw('POST', page, {
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** Form values that pass, and the variations that fail. */
export const ADULT = {
  document: 'id_card',
  birth_date: yearsAgo(30),
  document_number: 'L01X00T47',
  expiry_date: yearsAgo(-5),
};
export const UNDERAGE = { ...ADULT, birth_date: yearsAgo(18, 1) };
export const EXPIRED = { ...ADULT, expiry_date: yearsAgo(0, -1) };
export const UNREADABLE = { ...ADULT, document_number: 'FAIL-0001' };
export const NAME_MISMATCH = { ...ADULT, document_number: 'FAIL-NAME-1' };

/** The check's state, once the sandbox's callback has arrived. */
export async function settledStatus(client: TestClient, id: number) {
  let body: { agechecked: boolean; check: { id: number; state: string; failure: string | null } | null } | undefined;
  await expect
    .poll(
      async () => {
        body = (await client.get(`/api/avs/status?check=${id}`)).json();
        return body?.check?.state;
      },
      { timeout: 10_000, interval: 100 },
    )
    .not.toBe('pending');
  if (!body) throw new Error('no status');
  return body;
}

/** Sends a callback as the sandbox company would, signed with `key` at `t` (unix seconds). */
export function sendCallback(
  t: TestContext,
  body: string,
  opts: { key?: string; at?: number; signature?: string | null } = {},
) {
  const key = opts.key ?? sandboxAvsKeys(t.config).callbackKey;
  const at = opts.at ?? Math.floor(Date.now() / 1000);
  const signature = opts.signature === undefined ? signCallback(key, body, at) : opts.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/avs/callback/sandbox',
    headers: { 'content-type': 'application/json', ...(signature !== null ? { [SIGNATURE_HEADER]: signature } : {}) },
    payload: body,
  });
}
