import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type OperatorRole, operatorSessions } from '#server/db/schema/operators.ts';
import { createOperatorAccount } from '#server/features/admin/create-operator.ts';
import { setOperatorDisabled } from '#server/features/admin/mutations.ts';
import { OPERATOR_COOKIE } from '#server/features/admin/session.ts';
import { base32Decode, totpCode, totpStep } from '#server/features/auth/totp.ts';
import type { TestClient, TestContext } from './harness.ts';

/** Operators for the console's tests: made directly, signed in over HTTP like a browser. */

export const OPERATOR_PASSWORD = 'amber-Console-77';

export type TestOperator = { id: number; email: string; password: string; secret: string };

let made = 0;
export async function createTestOperator(
  t: TestContext,
  opts: { roles?: OperatorRole[]; disabled?: boolean; name?: string } = {},
): Promise<TestOperator> {
  made += 1;
  const email = `operator-${made}-${Date.now()}@example.com`;
  const created = await createOperatorAccount(
    t.db,
    { email, roles: opts.roles ?? ['admin'], name: opts.name ?? `Operator ${made}` },
    { issuer: 'LiveCam Admin', sealKey: t.config.secondFactorKey, password: OPERATOR_PASSWORD },
  );
  if (created === 'email_taken') throw new Error('operator exists');
  if (opts.disabled) await setOperatorDisabled(t.db, created.operator.id, true);
  return { id: created.operator.id, email, password: OPERATOR_PASSWORD, secret: created.totpSecret };
}

/** The operator's authenticator code now, or `steps` 30-second steps away. */
export function codeOf(operator: Pick<TestOperator, 'secret'>, steps = 0, now = Date.now()): string {
  const key = base32Decode(operator.secret);
  if (!key) throw new Error('not a base32 key');
  return totpCode(key, totpStep(now) + steps);
}

/** Signs in as the console's page does: e-mail, password and code to POST /api/admin/session. */
export async function postSignIn(
  client: TestClient,
  body: { email: string; password: string; code: string },
  headers: Record<string, string> = {},
) {
  return client.post('/api/admin/session', body, headers);
}

/** Signs the operator in on this browser with the code of `steps` steps from now; fails the test otherwise. */
export async function signIn(client: TestClient, operator: TestOperator, opts: { steps?: number } = {}) {
  const res = await postSignIn(client, {
    email: operator.email,
    password: operator.password,
    code: codeOf(operator, opts.steps ?? 0),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(client.cookies.get(OPERATOR_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return res;
}

let actions = 0;
/** A fresh key for one console action (the Idempotency-Key header). */
export const newActionKey = () => `test-action-${process.pid}-${Date.now()}-${++actions}`.slice(0, 64);

/** A console action as its screen sends it: JSON, the CSRF header, and a key of its own (or the one given). */
export function act(
  client: TestClient,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  key: string = newActionKey(),
) {
  return client.request(method, url, body ?? (method === 'DELETE' ? undefined : {}), { 'idempotency-key': key });
}

export const operatorSessionRows = (t: TestContext, operatorId: number) =>
  t.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
