import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { performers } from '#server/db/schema/performers.ts';
import type { TestContext } from '#server/test/harness.ts';
import { readyApplicant, sendIdCheckCallback } from '#server/test/onboarding.ts';
import { createTestOperator, signIn } from '#server/test/operators.ts';

/** The console's performer applications in tests: operators, applicants, and what was written. */

export async function operator(t: TestContext, roles: OperatorRole[]) {
  const op = await createTestOperator(t, { roles });
  const client = t.client('en');
  await signIn(client, op);
  return { op, client };
}

/** A 2257 record as the approve dialog sends it. */
export const RECORD = {
  legalName: 'Maria Example',
  dateOfBirth: '1995-04-12',
  idType: 'passport',
  idNumber: 'C01X00T47',
  checkedOn: new Date().toISOString().slice(0, 10),
};

/** A ready applicant whose identity check passed. */
export async function passedApplicant(t: TestContext) {
  const a = await readyApplicant(t);
  const res = await sendIdCheckCallback(t, { reference: a.reference, type: 'check.passed' }).send();
  expect(res.statusCode, res.body).toBe(200);
  return a;
}

export const auditOf = (t: TestContext, id: number, action?: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectId, String(id)),
        action ? eq(auditLog.action, action) : undefined,
        eq(auditLog.subjectType, 'performer'),
      ),
    );

export const statusOf = async (t: TestContext, id: number) =>
  (await t.db.select({ status: performers.status }).from(performers).where(eq(performers.id, id)))[0]?.status;

export const base = (id: number) => `/api/admin/performers/${id}`;
