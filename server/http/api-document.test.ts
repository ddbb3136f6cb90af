import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '#server/errors.ts';
import { API_SUMMARIES } from '#server/http/api-summaries.ts';
import { typeCheckClient } from '#server/test/api-client.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { REAL_PROVIDERS_ENV } from '#server/test/real-providers.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({
      name: `${method.toUpperCase()} ${path}`,
      path,
      op: item[method] as Operation,
    })),
  );

/** What `redocly lint` (recommended rules) needs of every operation, as the problems of each route. */
function problemsOf(doc: Document): string[] {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  const schemes = new Set(Object.keys(doc.components.securitySchemes ?? {}));
  for (const { name, path, op } of operationsOf(doc)) {
    if (!op.summary?.trim()) problems.push(`${name}: no summary (give its schema a \`summary\`)`);
    if (!op.operationId) problems.push(`${name}: no operationId`);
    else if (ids.has(op.operationId))
      problems.push(`${name}: operationId ${op.operationId} as ${ids.get(op.operationId)}`);
    else ids.set(op.operationId, name);
    if (!op.tags?.length) problems.push(`${name}: no tag`);
    if (!op.security) problems.push(`${name}: no security (does the route state its audience?)`);
    for (const requirement of op.security ?? []) {
      for (const scheme of Object.keys(requirement))
        if (!schemes.has(scheme)) problems.push(`${name}: scheme ${scheme}?`);
    }
    const errors = Object.keys(op.responses ?? {}).filter((status) => /^4\d\d$/.test(status));
    if (errors.length === 0) problems.push(`${name}: no 4xx answer`);
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      const ref = response.content?.['application/json']?.schema?.$ref;
      if (/^4\d\d$/.test(status) && ref !== '#/components/schemas/Error')
        problems.push(`${name}: ${status} not an Error`);
    }
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const defined = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    if (inPath.sort().join() !== defined.sort().join())
      problems.push(`${name}: path parameters ${defined} for ${inPath}`);
    if (!path.startsWith('/api/')) problems.push(`${name}: not an API path`);
  }
  return problems;
}

/** The operations of both provider sets, as `METHOD /api/path/{param}`. */
const documented = new Set<string>();

// The routes an app has follow its providers: both sets are documented the same way.
describe.each([
  { providers: 'sandbox providers', env: {}, client: true },
  { providers: 'real providers (FlexPay, Twilio, Veriff)', env: REAL_PROVIDERS_ENV, client: false },
])('the API document with $providers', ({ env, client }) => {
  let t: TestContext;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp({ env });
    doc = t.app.swagger() as unknown as Document;
    for (const { name } of operationsOf(doc)) documented.add(name);
  });
  afterAll(() => t.close());

  it('gives every operation what the lint needs: summary, unique operationId, tag, security, error answers, path parameters', () => {
    expect(operationsOf(doc).length).toBeGreaterThan(200);
    expect(problemsOf(doc)).toEqual([]);
  });

  it('declares the servers, the shared Error schema with every code of server/errors.ts, and the security schemes', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    const error = doc.components.schemas?.Error as { properties: { error: { enum: string[] } } };
    expect(error.properties.error.enum).toEqual(Object.keys(ERROR_STATUS));
    expect(Object.keys(doc.components.securitySchemes ?? {}).sort()).toEqual(['console', 'session', 'studio', 'xsrf']);
  });

  it('asks for the session, the CSRF header and the caller cookie by audience', () => {
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op('/api/shows', 'get')?.security).toEqual([{}, { session: [] }]);
    expect(op('/api/auth/login', 'post')?.security).toEqual([{ session: [], xsrf: [] }]);
    expect(op('/api/auth/user', 'get')?.security).toEqual([{ session: [] }]);
    expect(op('/api/studio/me', 'get')?.security).toEqual([{ studio: [] }]);
    expect(op('/api/admin/members/{id}/block', 'post')?.security).toEqual([{ console: [], session: [], xsrf: [] }]);
    // The CSRF refusal is the server's 419, a write's validation 422, the rate limit 429.
    expect(Object.keys(op('/api/auth/login', 'post')?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '413', '415', '419', '422', '429', '500']),
    );
    expect(Object.keys(op('/api/auth/user', 'get')?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
  });

  // The same document a client is generated from (openapi-typescript): once, with the sandbox set.
  it.runIf(client)(
    'generates a typed client: a script signs in, reads the show list and starts a chat',
    async () => {
      const { script, wrong } = await typeCheckClient(doc);
      expect(script).toEqual([]);
      // A login with a field it does not know is refused by the types, so the check can fail.
      expect(wrong).toEqual([expect.stringMatching(/^wrong\.ts:3: .*'user' does not exist/)]);
    },
    120_000,
  );
});

// Runs after both sets (a file's tests run in order): a summary whose route is gone is stale.
it('leaves no summary of server/http/api-summaries.ts without a route in either provider set', () => {
  expect(documented.size).toBeGreaterThan(200);
  const openApiPath = (key: string) => key.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
  expect(Object.keys(API_SUMMARIES).filter((key) => !documented.has(openApiPath(key)))).toEqual([]);
});
