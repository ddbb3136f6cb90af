import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
});
afterAll(() => t.close());

type LogLine = { level: number; msg: string; reqId?: string; err?: Record<string, unknown> };
const parsed = (from: number): LogLine[] => t.logLines.slice(from).map((line) => JSON.parse(line) as LogLine);

/** Logs the error as the app's code does and answers what was written. */
function logged(err: unknown) {
  const from = t.logLines.length;
  t.app.log.error({ err }, 'unexpected error');
  return { text: t.logLines.slice(from).join('\n'), err: parsed(from)[0]?.err };
}

describe('logs of failed queries', () => {
  it('carry the statement and the SQL state, never the parameters nor the database message', async () => {
    const secret = 'login-name-7f3a9c';
    const err: unknown = await t.db.execute(sql`select ${secret}::int as n`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    // Both the driver's message ("invalid input syntax for type integer: …") and Drizzle's name the value.
    expect(`${(err as Error).message} ${String((err as Error).cause)}`).toContain(secret);
    const { text, err: line } = logged(err);
    expect(line).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'database query failed',
      query: 'select $1::int as n',
      sqlState: '22P02',
    });
    expect(line?.stack).toMatch(/query-logs\.api\.test\.ts/);
    expect(text).not.toContain(secret);
  });

  it('name the violated constraint but leave out the detail that quotes the row', async () => {
    const secret = 'private-address-51c2@example.com';
    await t.db.insert(users).values({ email: secret });
    const err: unknown = await t.db
      .insert(users)
      .values({ email: secret })
      .catch((e: unknown) => e);
    const { text, err: line } = logged(err);
    expect(line).toMatchObject({ type: 'DrizzleQueryError', sqlState: '23505', constraint: 'users_email_unique' });
    expect(text).not.toContain(secret);
    expect(text).not.toContain('private-address');
  });

  it('of a request: a generic 500 and a log line with the request id, without what was sent', async () => {
    // A write that fails in the database: the table it needs is away for this request.
    await t.db.execute(sql`alter table contact_messages rename to contact_messages_away`);
    try {
      const c = t.client();
      const from = t.logLines.length;
      const res = await c.post('/api/contact', {
        name: 'Secret Sender 93d1',
        email: 'secret.sender.93d1@example.com',
        subject: 'secret subject 93d1',
        message: 'secret message 93d1',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'internal',
        message: 'unknown_error',
        requestId: res.headers['x-request-id'],
      });
      const lines = parsed(from);
      const failure = lines.find((l) => l.msg === 'unexpected error');
      expect(failure).toMatchObject({ reqId: res.headers['x-request-id'], err: { sqlState: '42P01' } });
      expect(String(failure?.err?.query)).toMatch(/^insert into "contact_messages"/);
      expect(t.logLines.slice(from).join('\n')).not.toContain('93d1');
    } finally {
      await t.db.execute(sql`alter table contact_messages_away rename to contact_messages`);
    }
  });

  it('leave other errors as pino writes them', () => {
    const { err: line } = logged(new TypeError('not a database error'));
    expect(line).toMatchObject({ type: 'TypeError', message: 'not a database error' });
  });
});
