import { describe, it } from 'vitest';
import { expectRefused, sendBrokenJson, sendOversized, sendWithXsrf, type WriteMethod } from './fixtures.ts';
import type { TestClient, TestContext } from './harness.ts';

export type WriteEndpoint = {
  method: WriteMethod;
  url: string;
  /** A body the endpoint would accept, so that only the broken part can be the reason for a refusal. */
  body: object;
  /** Who may call it: anybody with a session, a logged-in member, or a performer signed in to her studio. */
  as: 'visitor' | 'member' | 'performer';
};

/**
 * The checks every unsafe endpoint must pass, each answering a 4xx with its error code and leaving
 * every table unchanged: a body that is not JSON, one over 64 KiB, no CSRF token, a wrong one, one
 * of another session, for member calls no logged-in user, and for performer calls a member's session
 * instead of hers.
 */
export function describeWriteGuards(
  ctx: () => { t: TestContext; member: TestClient; performer?: TestClient },
  endpoints: WriteEndpoint[],
) {
  describe.each(endpoints)('$method $url refuses', (e) => {
    const caller = async () => {
      if (e.as === 'member') return ctx().member;
      if (e.as === 'performer') {
        const performer = ctx().performer;
        if (!performer) throw new Error('performer endpoints need a signed-in performer');
        return performer;
      }
      const visitor = ctx().t.client();
      await visitor.get('/api/auth/csrf-cookie');
      return visitor;
    };

    it('malformed JSON with 400 bad_request', async () => {
      const c = await caller();
      await expectRefused(ctx().t, () => sendBrokenJson(c, e.method, e.url), 400, 'bad_request');
    });

    it('a body over 64 KiB with 413 payload_too_large', async () => {
      const c = await caller();
      await expectRefused(ctx().t, () => sendOversized(c, e.method, e.url, e.body), 413, 'payload_too_large');
    });

    it('a missing CSRF token with 419 csrf_mismatch', async () => {
      const c = await caller();
      await expectRefused(ctx().t, () => sendWithXsrf(c, e.method, e.url, e.body, {}), 419, 'csrf_mismatch');
    });

    it('a wrong CSRF token, or that of another session, with 419 csrf_mismatch', async () => {
      const { t } = ctx();
      const c = await caller();
      const wrong = { 'x-xsrf-token': `${c.xsrf()['x-xsrf-token']?.slice(0, -2)}xx` };
      await expectRefused(t, () => sendWithXsrf(c, e.method, e.url, e.body, wrong), 419, 'csrf_mismatch');
      const other = t.client();
      await other.get('/api/auth/csrf-cookie');
      await expectRefused(t, () => sendWithXsrf(c, e.method, e.url, e.body, other.xsrf()), 419, 'csrf_mismatch');
    });

    if (e.as === 'performer') {
      it('a member (or visitor) without her studio session with 401 unauthenticated', async () => {
        const { t, member } = ctx();
        await member.get('/api/auth/csrf-cookie');
        const send = () => sendWithXsrf(member, e.method, e.url, e.body, member.xsrf());
        await expectRefused(t, send, 401, 'unauthenticated');
      });
    }

    if (e.as === 'member') {
      it('a visitor without a login with 401 unauthenticated', async () => {
        const { t } = ctx();
        const visitor = t.client();
        await visitor.get('/api/auth/csrf-cookie');
        await expectRefused(
          t,
          () => sendWithXsrf(visitor, e.method, e.url, e.body, visitor.xsrf()),
          401,
          'unauthenticated',
        );
      });
    }
  });
}
