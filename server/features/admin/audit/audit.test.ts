import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestOperator } from '#server/test/operators.ts';
import { recordAudit } from './mutations.ts';

const REFUSED = 'audit_log is append-only';

/** The database's own message of a refused statement (drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
    return 'not refused';
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(err);
  }
}

describe('audit log', () => {
  let h: TestContext;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(() => h.close());

  it('keeps what it was given and refuses every change and removal', async () => {
    const op = await createTestOperator(h, { roles: ['admin'] });
    await recordAudit(h.db, {
      operatorId: op.id,
      action: 'member.block',
      subjectType: 'user',
      subjectId: 42,
      before: { status: 'active' },
      after: { status: 'blocked' },
      reason: 'spam',
    });
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.operatorId, op.id));
    expect(row).toMatchObject({
      action: 'member.block',
      subjectId: '42',
      before: { status: 'active' },
      reason: 'spam',
    });
    const id = row?.id ?? 0;
    expect(await refusal(h.db.update(auditLog).set({ reason: 'nothing' }).where(eq(auditLog.id, id)))).toBe(REFUSED);
    expect(await refusal(h.db.delete(auditLog).where(eq(auditLog.id, id)))).toBe(REFUSED);
    expect(await refusal(h.db.execute(sql`truncate audit_log`))).toBe(REFUSED);
    const [still] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, row?.id ?? 0));
    expect(still?.reason).toBe('spam');
  });
});
