import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '#common/api/errors.ts';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';
import { users } from '#server/db/schema/users.ts';
import { createSession } from '#server/features/session/mutations.ts';
import { csrfTokenFor } from '#server/features/session/tokens.ts';
import { insertUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  type HostileRequest,
  hostileRequests,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from '#server/test/hostile.ts';

/**
 * Every operation of the OpenAPI document gets a bounded, deterministic set of hostile requests
 * (hostile.ts), as a visitor and as a verified member, each with a valid CSRF token: none may be
 * answered with a 5xx, and every refusal of an API call has the usual error body.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = { name: string; cookie: string; xsrf: string };

/** A session of its own for each operation (a hostile logout ends only that one). */
async function sessionFor(userId: number | null): Promise<Omit<Caller, 'name'>> {
  const { token } = await createSession(t.db, t.config.sessionSecret, { userId, domain: 'localhost', data: {} });
  const xsrf = csrfTokenFor(t.config.sessionSecret, token);
  return { cookie: `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrf}`, xsrf };
}

let memberCount = 0;
/** A new verified member per operation: throttles and changes of one operation stay there. */
async function verifiedMember(): Promise<number> {
  memberCount += 1;
  const id = await insertUser(t, `fuzz-${memberCount}@example.com`);
  await t.db.update(users).set({ isVerified: true }).where(eq(users.id, id));
  return id;
}

let requestCount = 0;
/** Each request from its own address, so per-address limits do not hide what lies behind them. */
const nextAddress = () => {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
};

type Finding = { caller: string; method: string; url: string; label: string; status: number; body: string };

async function send(op: Operation, caller: Caller, r: HostileRequest): Promise<Finding | null> {
  const res = await t.app.inject({
    method: op.method,
    url: r.url,
    remoteAddress: nextAddress(),
    headers: {
      cookie: caller.cookie,
      [XSRF_HEADER]: caller.xsrf,
      'accept-language': 'de',
      ...(r.contentType ? { 'content-type': r.contentType } : {}),
    },
    ...(r.payload !== undefined ? { payload: r.payload } : {}),
  });
  const finding = {
    caller: caller.name,
    method: op.method,
    url: r.url.slice(0, 120),
    label: r.label,
    status: res.statusCode,
  };
  if (res.statusCode >= 500) return { ...finding, body: res.body.slice(0, 300) };
  if (res.statusCode >= 400 && op.path.startsWith('/api/')) {
    const body = /^application\/json/.test(String(res.headers['content-type'])) ? safeJson(res.body) : null;
    const consistent = apiErrorBody.safeParse(body).success && !/stack|at \w+ \(/.test(res.body);
    if (!consistent) return { ...finding, body: res.body.slice(0, 300) };
  }
  return null;
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

describe('hostile requests to every operation of the OpenAPI document', () => {
  it('answer no 5xx, and refusals of API calls carry the usual error body', async () => {
    const operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(70);
    const findings: Finding[] = [];
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      const requests = hostileRequests(op, 20_260_000 + index);
      const callers: Caller[] = [
        { name: 'visitor', ...(await sessionFor(null)) },
        { name: 'member', ...(await sessionFor(await verifiedMember())) },
      ];
      for (const caller of callers) {
        for (const r of requests) {
          const finding = await send(op, caller, r);
          sent += 1;
          if (finding) findings.push(finding);
        }
      }
    }
    expect(sent).toBeGreaterThan(4_000);
    expect(findings).toEqual([]);
  }, 120_000);
});
