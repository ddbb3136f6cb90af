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
import { REAL_PROVIDERS_ENV } from '#server/test/real-providers.ts';

/**
 * Every operation of the OpenAPI document gets a bounded, deterministic set of hostile requests
 * (hostile.ts), as a visitor and as a verified member, each with a valid CSRF token: none may be
 * answered with a 5xx, and every refusal of an API call has the usual error body. The operations
 * the real providers add (their callbacks, the voice line's page) get the same with those providers
 * configured; nothing is sent to a provider on the way.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = { name: string; cookie: string; xsrf: string };

/** A session of its own for each operation (a hostile logout ends only that one). */
async function sessionFor(t: TestContext, userId: number | null): Promise<Omit<Caller, 'name'>> {
  const { token } = await createSession(t.db, t.config.sessionSecret, { userId, domain: 'localhost', data: {} });
  const xsrf = csrfTokenFor(t.config.sessionSecret, token);
  return { cookie: `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrf}`, xsrf };
}

let memberCount = 0;
/** A new verified member per operation: throttles and changes of one operation stay there. */
async function verifiedMember(t: TestContext): Promise<number> {
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

async function send(t: TestContext, op: Operation, caller: Caller, r: HostileRequest): Promise<Finding | null> {
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

const operationsOfApp = (app: TestContext['app']) => operationsOf(app.swagger() as unknown as OpenApiDocument);

/** Sends each operation's hostile requests as a visitor and as a verified member; answers what was found. */
async function fuzz(t: TestContext, operations: Operation[]) {
  const findings: Finding[] = [];
  let sent = 0;
  for (const [index, op] of operations.entries()) {
    const requests = hostileRequests(op, 20_260_000 + index);
    const callers: Caller[] = [
      { name: 'visitor', ...(await sessionFor(t, null)) },
      { name: 'member', ...(await sessionFor(t, await verifiedMember(t))) },
    ];
    for (const caller of callers) {
      for (const r of requests) {
        const finding = await send(t, op, caller, r);
        sent += 1;
        if (finding) findings.push(finding);
      }
    }
  }
  return { findings, sent };
}

describe('hostile requests to every operation of the OpenAPI document', () => {
  it('answer no 5xx, and refusals of API calls carry the usual error body', async () => {
    const operations = operationsOfApp(t.app);
    expect(operations.length).toBeGreaterThan(70);
    const { findings, sent } = await fuzz(t, operations);
    expect(sent).toBeGreaterThan(4_000);
    expect(findings).toEqual([]);
    // Over 4,000 requests: about 70 s alone, and up to twice that beside the other files on two cores.
  }, 240_000);

  it('to the operations the real providers add, answer no 5xx either', async () => {
    const real = await createTestApp({ env: REAL_PROVIDERS_ENV });
    try {
      const key = (op: Operation) => `${op.method} ${op.path}`;
      const withSandboxes = new Set(operationsOfApp(t.app).map(key));
      const added = operationsOfApp(real.app).filter((op) => !withSandboxes.has(key(op)));
      expect(added.map(key)).toEqual(
        expect.arrayContaining([
          'GET /api/billing/postback/flexpay',
          'GET /api/voicecall/line/{token}',
          'POST /api/voicecall/callback/twilio/pin',
          'POST /api/avs/callback/veriff',
          'POST /api/free_coins/sms-status/twilio',
        ]),
      );
      const { findings, sent } = await fuzz(real, added);
      expect(sent).toBeGreaterThan(300);
      expect(findings).toEqual([]);
    } finally {
      await real.close();
    }
  }, 60_000);
});
