import { expect } from 'vitest';
import { hashPassword } from '#server/features/auth/passwords.ts';
import type { PerformerRow } from '#server/features/studio/data.ts';
import { createPerformer } from '#server/features/studio/mutations.ts';
import { createShow, type TestShow } from './catalog.ts';
import { TestClient, type TestContext } from './harness.ts';

export const PERFORMER_PASSWORD = 'studio-Lights-77';

let count = 0;

/** A show and the performer who owns it, written straight into the tables. */
export async function createTestPerformer(
  t: TestContext,
  opts: { email?: string; show?: TestShow; password?: string } = {},
): Promise<{ performer: PerformerRow; show: TestShow; password: string }> {
  count += 1;
  const show = opts.show ?? (await createShow(t.db, { showName: `Studio Star ${count}`, online: false }));
  const password = opts.password ?? PERFORMER_PASSWORD;
  const row = await createPerformer(t.db, {
    email: opts.email ?? `performer-${count}@example.com`,
    showId: show.id,
    passwordHash: await hashPassword(password),
  });
  if (typeof row === 'string') throw new Error(`performer not created: ${row}`);
  return { performer: row, show, password };
}

/** A browser (on this machine) signed in to the studio as that performer. */
export async function studioClient(t: TestContext, email: string, password = PERFORMER_PASSWORD) {
  const client = new TestClient(t.app, 'en', '127.0.0.1');
  const res = await client.post('/api/studio/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}
