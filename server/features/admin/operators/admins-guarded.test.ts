import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { type OperatorRole, operators } from '#server/db/schema/operators.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { act, createTestOperator, newActionKey, signIn } from '#server/test/operators.ts';
import { changeOperatorRoles, setOperatorEnabled } from './mutations.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/api/admin/operators';

/** An operator with the roles, signed in on a browser of her own. */
async function browserOf(roles: OperatorRole[]) {
  const operator = await createTestOperator(t, { roles });
  const client = t.client();
  await signIn(client, operator);
  return { operator, client };
}

const rowOf = async (id: number) => (await t.db.select().from(operators).where(eq(operators.id, id)))[0];

/** Everything an operators action could change. */
const state = async () => ({
  operators: await t.db.select().from(operators).orderBy(operators.id),
  audit: (await t.db.select({ id: auditLog.id }).from(auditLog)).length,
});

describe('the administrators are guarded', () => {
  it('an admin cannot take her own admin role or disable herself', async () => {
    const { client, operator: admin } = await browserOf(['admin']);
    for (const [path, method, body] of [
      [`${API}/${admin.id}/roles`, 'PUT', { roles: ['support'] }],
      [`${API}/${admin.id}/disable`, 'POST', {}],
    ] as const) {
      const before = await state();
      const res = await act(client, method, path, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'conflict', message: 'own_account' });
      expect(await state()).toEqual(before);
    }
    // Adding a role to her own is fine.
    const more = await act(client, 'PUT', `${API}/${admin.id}/roles`, { roles: ['admin', 'support'] });
    expect(more.json().outcome).toBe('done');
  });

  it('never loses the last enabled admin, even to a change made outside the console', async () => {
    const { operator: admin } = await browserOf(['admin']);
    // Every other enabled admin goes (directly, as a maintenance script would).
    const others = await t.db.select().from(operators).where(eq(operators.disabled, false));
    for (const o of others) {
      if (o.id !== admin.id && o.roles.includes('admin')) {
        await t.db.update(operators).set({ disabled: true }).where(eq(operators.id, o.id));
      }
    }
    const moderator = await createTestOperator(t, { roles: ['moderator'] });
    const key = newActionKey();
    const by = { actorId: moderator.id, formKey: key };
    expect(await changeOperatorRoles(t.db, by, admin.id, ['support'])).toEqual({ ok: false, reason: 'last_admin' });
    expect(await setOperatorEnabled(t.db, { ...by, formKey: `${key}-2` }, admin.id, false)).toEqual({
      ok: false,
      reason: 'last_admin',
    });
    expect((await rowOf(admin.id))?.roles).toEqual(['admin']);
    expect((await rowOf(admin.id))?.disabled).toBe(false);
    // With a second admin, she may go.
    const second = await createTestOperator(t, { roles: ['admin'] });
    const done = await changeOperatorRoles(t.db, { actorId: second.id, formKey: `${key}-3` }, admin.id, ['support']);
    expect(done.ok).toBe(true);
  });
});
