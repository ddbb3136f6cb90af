import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '#common/api/errors.ts';
import { EXPECTED, REQUIRED } from '#common/api/fields.ts';
import { AppError, type FieldErrors } from '#server/errors.ts';

/** Zod's names of the types it expected, as the message a field of another type is told. */
const EXPECTED_BY_ZOD: Record<string, string> = {
  string: EXPECTED.text,
  number: EXPECTED.number,
  int: EXPECTED.integer,
  boolean: EXPECTED.boolean,
  array: EXPECTED.list,
  object: EXPECTED.object,
  record: EXPECTED.object,
};

/**
 * Zod's own English messages become i18n keys; our schemas already carry keys. An absent field is
 * required; a body field sent with the wrong JSON type is told the type it takes (in a path or a
 * query every value is text: one that does not read as the number wanted is just invalid).
 */
function messageKey(issue: { message?: string | undefined; keyword: string; params?: unknown }, inBody: boolean) {
  if (!issue.message) return 'errors.validations.invalid';
  if (issue.message.startsWith('errors.')) return issue.message;
  if (issue.message.includes('received undefined')) return REQUIRED;
  if (issue.keyword === 'invalid_type' && inBody) {
    const expected = (issue.params as { expected?: unknown } | undefined)?.expected;
    return (typeof expected === 'string' && EXPECTED_BY_ZOD[expected]) || 'errors.validations.invalid';
  }
  if (issue.keyword === 'too_big') return 'errors.validations.too_long';
  return 'errors.validations.invalid';
}

type Issue = { keyword: string; instancePath: string; message?: string | undefined; params?: unknown };
type BranchIssue = { code: string; path: PropertyKey[]; message: string };

const valueAt = (input: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? Reflect.get(v, key) : undefined), input);

/**
 * A failed union (login by password or by Google) names no field; its issues become those of the
 * branch the input fits best: the smallest share of absent fields, the first branch on a tie.
 */
function flattenUnions(issues: Issue[], input: unknown): Issue[] {
  return issues.flatMap((issue) => {
    const branches = (issue.params as { errors?: BranchIssue[][] } | undefined)?.errors;
    // A union that names its own message (a field taking two types, as universal ids) keeps it.
    if (issue.keyword !== 'invalid_union' || issue.message?.startsWith('errors.')) return [issue];
    if (!branches?.length || branches.some((b) => b.length === 0)) return [issue];
    const prefix = issue.instancePath.split('/').filter(Boolean);
    const absentShare = (branch: BranchIssue[]) =>
      branch.filter((i) => valueAt(input, [...prefix, ...i.path]) === undefined).length / branch.length;
    const best = branches.reduce((a, b) => (absentShare(b) < absentShare(a) ? b : a));
    return flattenUnions(
      best.map((i) => ({
        keyword: i.code,
        instancePath: `/${[...prefix, ...i.path.map(String)].join('/')}`,
        message: i.message,
        params: i,
      })),
      input,
    );
  });
}

const validatedInput = (request: FastifyRequest, context: FastifyError['validationContext']) =>
  context === 'querystring'
    ? request.query
    : context === 'params'
      ? request.params
      : context === 'headers'
        ? request.headers
        : request.body;

const byFastifyCode: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: 'bad_request' },
};

const BAD_REQUEST: ApiErrorBody = { error: 'bad_request', message: 'bad_request' };

/**
 * For Fastify's `frameworkErrors`, which hands over a reply of any route's types: a request it
 * refuses before routing (a path that is not valid UTF-8 once decoded, like %FF or %C3%28, or a
 * path parameter over the router's length limit) gets the usual body, with Fastify's status.
 */
export function answerFrameworkError(err: FastifyError, reply: Pick<FastifyReply, 'code'>) {
  reply
    .code(err.statusCode ?? 400)
    .type('application/json')
    .send(BAD_REQUEST);
}

/**
 * One place decides what an error looks like on the wire: AppError by its code, schema
 * failures as 422 per field, framework 4xx by kind, and anything else as a logged 500 that
 * leaks nothing but the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.code(status).type('application/json').send(body);

    if (err instanceof AppError) {
      if (err.details.retryAfter) reply.header('retry-after', String(err.details.retryAfter));
      return send(err.status, {
        error: err.code,
        message: err.details.message ?? err.code,
        ...(err.details.errors ? { errors: err.details.errors } : {}),
        ...(err.details.email ? { email: err.details.email } : {}),
        ...(err.details.captcha ? { captcha: err.details.captcha } : {}),
        ...(err.details.nextAt ? { next_at: err.details.nextAt } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: FieldErrors = {};
      for (const issue of flattenUnions(err.validation, validatedInput(request, err.validationContext))) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        const list = errors[field] ?? [];
        const key = messageKey(issue, err.validationContext === 'body');
        if (!list.includes(key)) list.push(key);
        errors[field] = list;
      }
      return send(422, { error: 'validation_failed', message: 'validation_failed', errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: err.cause.issues, url: err.url }, 'response does not match its schema');
      return send(500, { error: 'internal', message: 'unknown_error', requestId: String(request.id) });
    }
    const known = err.code ? byFastifyCode[err.code] : undefined;
    if (known) return send(known.status, { error: known.error, message: known.error });
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return send(429, { error: 'throttled', message: 'throttle' });
    }
    if (status >= 400 && status < 500) {
      return send(status, BAD_REQUEST);
    }
    request.log.error({ err }, 'unexpected error');
    return send(500, { error: 'internal', message: 'unknown_error', requestId: String(request.id) });
  });
}
