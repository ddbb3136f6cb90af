import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { createShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { assignPhoneExtension } from './mutations.ts';

let t: TestContext;
const deps = () => ({ db: t.db, presence: t.app.ctx.presence });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('phone extensions', () => {
  it('the database refuses an extension that is not four digits from 1000', async () => {
    for (const bad of ['10000', '0999', '12a4', '']) {
      await expect(createShow(t.db, { phoneChat: true, phoneExtension: bad }), bad).rejects.toThrow();
    }
    const ok = await createShow(t.db, { phoneChat: true, phoneExtension: '9999' });
    expect(ok.id).toBeGreaterThan(0);
  });

  it('turning phone chat on gives the lowest free extension, and keeps one she has', async () => {
    await createShow(t.db, { phoneChat: true, phoneExtension: '1000' });
    await createShow(t.db, { phoneChat: true, phoneExtension: '1002' });
    const anna = await createShow(t.db, { phoneChat: false, phoneExtension: null });
    const bea = await createShow(t.db, { phoneChat: false, phoneExtension: null });
    expect(await assignPhoneExtension(deps(), anna.id)).toBe('1001');
    expect(await assignPhoneExtension(deps(), bea.id)).toBe('1003');
    expect(await assignPhoneExtension(deps(), anna.id)).toBe('1001');
    const [row] = await t.db
      .select({ phoneChat: shows.phoneChat, ext: shows.phoneExtension })
      .from(shows)
      .where(eq(shows.id, anna.id));
    expect(row).toEqual({ phoneChat: true, ext: '1001' });
    // Two at once: both get one, never the same.
    const [c, d] = await Promise.all([createShow(t.db), createShow(t.db)]);
    const both = await Promise.all([assignPhoneExtension(deps(), c.id), assignPhoneExtension(deps(), d.id)]);
    expect(new Set(both).size).toBe(2);
  });
});
