import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AUTH_COOKIE_PREFIX, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '#common/constants.ts';
import type { Config } from '#server/config.ts';
import { ERROR_STATUS, type ErrorCode } from '#server/errors.ts';
import { API_SUMMARIES } from './api-summaries.ts';
import type { Audience } from './audience.ts';

/**
 * The OpenAPI document of /api (decision 070), made from the routes' zod schemas by
 * @fastify/swagger. A route gives its `summary` (and may give `operationId` or `tags`); the rest
 * is derived here, the same for every route: the operation id from method and path, the tag from
 * the path's feature, the security from the route's audience and CSRF, and the error answers from
 * server/errors.ts (one shared `Error` schema). Pages, media files, sandboxes and the docs
 * themselves are not the API and stay out.
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Schema = { params?: unknown; body?: unknown; querystring?: unknown; operationId?: string; summary?: string };
type RouteFacts = { audience: Audience | undefined; csrf: boolean; input: boolean; body: boolean };
type Documented = { method: string; url: string; facts: RouteFacts };
type Operation = Record<string, unknown> & {
  operationId?: string;
  tags?: string[];
  parameters?: { name: string; in: string }[];
  responses?: Record<string, unknown>;
};
type OpenApi = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

/** Whether a route belongs in the document: the /api routes but the docs' own. */
export const isDocumented = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

const camel = (word: string) => word.replace(/[-_]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation id of a route, from its method and path: `GET /api/shows/:id/chat` is
 * `getShowsByIdChat`, a wildcard `*` is `ByPath`. Stable (a path keeps its id) and unique
 * (method and path are).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return 'ByPath';
      if (segment.startsWith(':') || segment.startsWith('{'))
        return `By${capital(camel(segment.replace(/[:{}]/g, '')))}`;
      return capital(camel(segment.replace(/^_+/, '')));
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** The feature a path belongs to: its first segment, or the first two in the studio and the console. */
export function tagOf(url: string): string {
  const [first = 'api', second] = url.replace(/^\/api\//, '').split('/');
  const area = first.replace(/^_+/, '');
  if ((area === 'studio' || area === 'admin') && second && !second.startsWith(':') && !second.startsWith('{')) {
    return `${area}/${second}`;
  }
  return area;
}

/** The error codes a route can answer, by what it is: its input, its audience, its CSRF check. */
export function errorCodesOf(method: string, url: string, facts: RouteFacts): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (facts.body) codes.push('bad_request', 'payload_too_large', 'unsupported_media_type');
  if (facts.input) codes.push('validation_failed');
  if (/[:*]/.test(url)) codes.push('not_found');
  if (facts.csrf && UNSAFE.has(method)) codes.push('csrf_mismatch');
  switch (facts.audience) {
    case 'member':
      codes.push('unauthenticated', 'user_blocked');
      break;
    case 'verified':
      codes.push('unauthenticated', 'user_blocked', 'not_verified');
      break;
    case 'performer':
    case 'applicant':
      codes.push('unauthenticated');
      break;
    case 'operator':
      codes.push('unauthenticated', 'forbidden');
      break;
    default:
  }
  // A provider's call that is malformed or not signed is refused.
  if (facts.audience === 'provider') codes.push('bad_request');
  // Every call but a provider's is counted by the rate limit (http/security.ts).
  if (facts.audience !== 'provider') codes.push('throttled');
  codes.push('internal');
  return [...new Set(codes)];
}

const CALLER_SCHEME: Partial<Record<Audience, string>> = {
  member: 'session',
  verified: 'session',
  performer: 'studio',
  applicant: 'studio',
  operator: 'console',
};

/**
 * Who must prove what: the caller's own cookie by the audience, and on a write the browser's
 * session with its CSRF token in the header. A public read works with or without a session.
 */
export function securityOf(method: string, facts: RouteFacts): Record<string, string[]>[] {
  const requirement: Record<string, string[]> = {};
  const scheme = facts.audience ? CALLER_SCHEME[facts.audience] : undefined;
  if (scheme) requirement[scheme] = [];
  if (facts.csrf && UNSAFE.has(method)) {
    requirement.session = [];
    requirement.xsrf = [];
  }
  if (Object.keys(requirement).length > 0) return [requirement];
  return facts.audience === 'provider' ? [] : [{}, { session: [] }];
}

const errorSchema = {
  type: 'object',
  description:
    'Every error answer. `message` names a key under `errors.` in the catalogs; `errors` holds per-field i18n keys with validation_failed.',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    requestId: { type: 'string', description: 'With internal: the id to quote to support.' },
    email: { type: 'string' },
    captcha: {
      type: 'object',
      required: ['provider', 'site_key'],
      properties: { provider: { type: 'string', enum: ['sandbox', 'recaptcha'] }, site_key: { type: 'string' } },
    },
  },
};

const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `The browser's session. Every visitor gets one (GET /api/auth/csrf-cookie starts it, with the ${XSRF_COOKIE} cookie); POST /api/auth/login signs a member in on it.`,
  },
  xsrf: {
    type: 'apiKey',
    in: 'header',
    name: XSRF_HEADER,
    description: `Every write echoes the session's CSRF token, which the ${XSRF_COOKIE} cookie carries; without it the answer is 419 csrf_mismatch.`,
  },
  studio: {
    type: 'apiKey',
    in: 'cookie',
    name: `${AUTH_COOKIE_PREFIX}studio`,
    description: "A performer's studio session (POST /api/studio/login), never a member's.",
  },
  console: {
    type: 'apiKey',
    in: 'cookie',
    name: 'admin.session',
    description: "An operator's console session (POST /api/admin/session), never a member's.",
  },
};

const errorResponse = (codes: ErrorCode[]) => ({
  description: `Error: ${codes.join(', ')}.`,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** @fastify/swagger's options for the API document of this configuration. */
export function apiDocumentOptions(config: Config) {
  // What the document needs of each route beyond its schema, by operation id.
  const routes = new Map<string, Documented>();
  const transform: SwaggerTransform = (input) => {
    const { route, url } = input;
    if (!isDocumented(url)) return { schema: { ...input.schema, hide: true }, url };
    const schema: Schema = input.schema ?? {};
    const [method = 'GET'] = Array.isArray(route.method) ? route.method : [route.method];
    const facts: RouteFacts = {
      audience: route.config?.audience,
      csrf: route.config?.csrf !== false,
      input: Boolean(schema.params || schema.body || schema.querystring),
      body: Boolean(schema.body),
    };
    const result = jsonSchemaTransform({ ...input, schema: input.schema ?? {} });
    const operationId = schema.operationId ?? operationIdOf(method, url);
    routes.set(operationId, { method, url, facts });
    const summary = schema.summary ?? API_SUMMARIES[`${method} ${url}`];
    return {
      ...result,
      schema: { tags: [tagOf(url)], ...(summary ? { summary } : {}), ...result.schema, operationId },
    };
  };
  const transformObject: SwaggerTransformObject = (made) => {
    const doc = ('openapiObject' in made ? made.openapiObject : {}) as OpenApi;
    const paths: NonNullable<OpenApi['paths']> = {};
    const tags = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      // A wildcard is the parameter `path` (the signed token of a media address).
      const url = path.replace('{*}', '{path}');
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        for (const parameter of op.parameters ?? [])
          if (parameter.in === 'path' && parameter.name === '*') parameter.name = 'path';
        const route = op.operationId ? routes.get(op.operationId) : undefined;
        if (route) {
          const byStatus = new Map<number, ErrorCode[]>();
          for (const code of errorCodesOf(route.method, route.url, route.facts)) {
            byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
          }
          const responses = { ...op.responses };
          for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
            responses[String(status)] ??= errorResponse(codes);
          }
          op.responses = responses;
          op.security = securityOf(route.method, route.facts);
        }
        for (const tag of op.tags ?? []) tags.add(tag);
      }
      paths[url] = item;
    }
    const document: OpenApi = {
      ...doc,
      info: {
        ...(doc.info as object),
        description:
          'The HTTP API of the SPA, the studio and the console. Writes need the session cookie and its CSRF token in the X-XSRF-TOKEN header; errors share one schema.',
      },
      // The paths start with /api: the server is the origin that serves the document (PUBLIC_URL).
      servers: [{ url: '/', description: `The installation that serves this document (${config.site.name})` }],
      tags: [...tags].sort().map((name) => ({ name, description: `The operations under /api/${name}.` })),
      components: {
        ...doc.components,
        schemas: { ...doc.components?.schemas, Error: errorSchema },
        securitySchemes,
      },
      paths,
    };
    return document as ReturnType<SwaggerTransformObject>;
  };
  return {
    openapi: { info: { title: `${config.site.name} API`, version: config.buildId } },
    transform,
    transformObject,
  };
}
