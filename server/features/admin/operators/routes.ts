import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_ROLES, type OperatorRole } from '#server/db/schema/operators.ts';
import { totpIssuer } from '#server/features/admin/create-operator.ts';
import { consoleFormToken, consoleFormValid, consoleOperator, pathId } from '#server/features/admin/gate.ts';
import { refusalPage, sendHtml } from '#server/features/admin/html.ts';
import type { SignedInOperator } from '#server/features/admin/session.ts';
import { acceptPageForms, formFields } from '#server/http/page-forms.ts';
import { listedOperator, listOperators } from './data.ts';
import { type CreateDraft, operatorPage, operatorsListPage, type PageMessage, secretsPage } from './html.ts';
import {
  changeOperatorRoles,
  createOperatorFromConsole,
  type OperatorRefusal,
  renewOperatorCredential,
  setOperatorEnabled,
} from './mutations.ts';
import { type OperatorsText, operatorsText } from './texts.ts';

const FORM_LIMIT = 4096;
/** A form's key (idempotency: the audit log keeps each once). */
const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;
const DONE = ['roles', 'disabled', 'enabled', 'unchanged', 'repeat'] as const;

const doneQuery = z.object({ done: z.enum(DONE).optional().catch(undefined) });
const idParam = z.object({ id: z.string().max(20).catch('') });
const newKey = () => randomBytes(24).toString('base64url');
/** The console's forms post url-encoded bodies; anything else (JSON, multipart) is no form of these pages. */
const isPageForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

const createSchema = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(100),
});

/** The roles ticked in a form (`role_admin=1` ...), and whether any other `role_` field was sent. */
function rolesOf(fields: Record<string, string>): { roles: OperatorRole[]; unknown: boolean } {
  const roles = OPERATOR_ROLES.filter((r) => fields[`role_${r}`] === '1');
  const unknown = Object.entries(fields).some(
    ([name, value]) =>
      name.startsWith('role_') &&
      (!(OPERATOR_ROLES as readonly string[]).includes(name.slice(5)) || (value !== '1' && value !== '')),
  );
  return { roles, unknown };
}

const REFUSAL_TEXT: Record<OperatorRefusal, OperatorsText> = {
  not_found: 'notFound',
  email_taken: 'emailTaken',
  own_account: 'ownAccount',
  last_admin: 'lastAdmin',
  form_used: 'done_repeat',
  unchanged: 'done_unchanged',
};

/**
 * Operators and roles (/admin/operators), for administrators: the team, adding an operator (her
 * password and TOTP key shown once), and on an operator's page her roles, access and new sign-in
 * details. Every change is a form with the session's token and a key of its own, done in one
 * transaction with its audit entry (mutations.ts); changes come back by POST-redirect-GET,
 * secrets are answered once as the page of the POST itself (never in an address, never stored).
 */
export const operatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db, config } = ctx;
  const issuer = totpIssuer(config.site.name);
  acceptPageForms(app, FORM_LIMIT);

  const listHtml = async (
    request: FastifyRequest,
    signedIn: SignedInOperator,
    message: PageMessage | null,
    draft: CreateDraft = { email: '', name: '', roles: [] },
  ) =>
    operatorsListPage({
      locale: request.locale,
      rows: await listOperators(db),
      selfId: signedIn.operator.id,
      message,
      token: consoleFormToken(ctx, signedIn),
      formKey: newKey(),
      draft,
    });

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendHtml(reply, 404, refusalPage(request.locale, 'notFound'));

  app.get('/admin/operators', { schema: { querystring: doneQuery } }, async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'operators', '/admin/operators');
    if ('refused' in gate) return gate.refused;
    const done = request.query.done === 'repeat' ? ({ kind: 'status', text: 'done_repeat' } as const) : null;
    return sendHtml(reply, 200, await listHtml(request, gate.signedIn, done));
  });

  app.post('/admin/operators', { config: { csrf: false } }, async (request, reply) => {
    const gate = await consoleOperator(ctx, request, reply, 'operators', '/admin/operators');
    if ('refused' in gate) return gate.refused;
    const { signedIn } = gate;
    const fields = formFields(request.body);
    const refuse = async (status: number, text: OperatorsText, draft?: CreateDraft) =>
      sendHtml(reply, status, await listHtml(request, signedIn, { kind: 'alert', text }, draft));
    if (!isPageForm(request)) return refuse(415, 'expired');
    if (!fields) return refuse(422, 'nameInvalid');
    const key = fields.key ?? '';
    const { roles, unknown } = rolesOf(fields);
    const draft = { email: (fields.email ?? '').slice(0, 254), name: (fields.name ?? '').slice(0, 100), roles };
    if (!consoleFormValid(ctx, request, signedIn, fields.token) || !FORM_KEY.test(key)) {
      return refuse(403, 'expired', draft);
    }
    const parsed = createSchema.safeParse({ email: fields.email ?? '', name: fields.name ?? '' });
    if (!parsed.success) {
      const emailBad = parsed.error.issues.some((i) => i.path[0] === 'email');
      return refuse(422, emailBad ? 'emailInvalid' : 'nameInvalid', draft);
    }
    if (unknown) return refuse(422, 'rolesUnknown', draft);
    if (roles.length === 0) return refuse(422, 'rolesRequired', draft);
    const input = { email: parsed.data.email.toLowerCase(), name: parsed.data.name, roles };
    const created = await createOperatorFromConsole(db, { actorId: signedIn.operator.id, formKey: key }, input, issuer);
    if (!created.ok && created.reason === 'form_used') return reply.redirect('/admin/operators?done=repeat', 303);
    if (!created.ok) return refuse(422, REFUSAL_TEXT[created.reason], draft);
    const { value } = created;
    request.log.info({ operatorId: signedIn.operator.id, created: value.operator.id, roles }, 'operator created');
    return sendHtml(
      reply,
      200,
      secretsPage({
        locale: request.locale,
        title: 'createdTitle',
        note: operatorsText(request.locale, 'createdOnce'),
        operator: value.operator,
        password: value.password,
        totp: { secret: value.totpSecret, uri: value.otpauthUri },
      }),
    );
  });

  const detail = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedInOperator,
    id: number,
    status: number,
    message: PageMessage | null,
    roles?: string[],
  ) => {
    const operator = await listedOperator(db, id);
    if (!operator) return notFound(request, reply);
    const token = consoleFormToken(ctx, signedIn);
    const html = operatorPage({ locale: request.locale, operator, message, token, formKey: newKey, roles });
    return sendHtml(reply, status, html);
  };

  app.get('/admin/operators/:id', { schema: { params: idParam, querystring: doneQuery } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const gate = await consoleOperator(ctx, request, reply, 'operators', `/admin/operators/${id ?? ''}`);
    if ('refused' in gate) return gate.refused;
    if (id === null) return notFound(request, reply);
    const done = request.query.done;
    const message: PageMessage | null = done ? { kind: 'status', text: `done_${done}` } : null;
    return detail(request, reply, gate.signedIn, id, 200, message);
  });

  /** The common start of an operator's forms: the gate, the id, a genuine form with a key. */
  const formOf = async (request: FastifyRequest, reply: FastifyReply, rawId: string) => {
    const id = pathId(rawId);
    const gate = await consoleOperator(ctx, request, reply, 'operators', `/admin/operators/${id ?? ''}`);
    if ('refused' in gate) return { answered: gate.refused };
    const { signedIn } = gate;
    if (id === null || !(await listedOperator(db, id))) return { answered: notFound(request, reply) };
    if (!isPageForm(request)) {
      return { answered: detail(request, reply, signedIn, id, 415, { kind: 'alert', text: 'expired' }) };
    }
    const fields = formFields(request.body);
    const key = fields?.key ?? '';
    if (!fields || !consoleFormValid(ctx, request, signedIn, fields.token) || !FORM_KEY.test(key)) {
      return { answered: detail(request, reply, signedIn, id, 403, { kind: 'alert', text: 'expired' }) };
    }
    return { id, signedIn, fields, act: { actorId: signedIn.operator.id, formKey: key } };
  };

  /** Where a refused or repeated change lands. */
  const refused = (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedInOperator,
    id: number,
    reason: OperatorRefusal,
    roles?: string[],
  ) => {
    if (reason === 'form_used') return reply.redirect(`/admin/operators/${id}?done=repeat`, 303);
    if (reason === 'unchanged') return reply.redirect(`/admin/operators/${id}?done=unchanged`, 303);
    if (reason === 'not_found') return notFound(request, reply);
    return detail(request, reply, signedIn, id, 422, { kind: 'alert', text: REFUSAL_TEXT[reason] }, roles);
  };

  const post = { schema: { params: idParam }, config: { csrf: false } };

  app.post('/admin/operators/:id/roles', post, async (request, reply) => {
    const form = await formOf(request, reply, request.params.id);
    if ('answered' in form) return form.answered;
    const { roles, unknown } = rolesOf(form.fields);
    if (unknown || roles.length === 0) {
      const text = unknown ? 'rolesUnknown' : 'rolesRequired';
      return detail(request, reply, form.signedIn, form.id, 422, { kind: 'alert', text }, roles);
    }
    const changed = await changeOperatorRoles(db, form.act, form.id, roles);
    if (!changed.ok) return refused(request, reply, form.signedIn, form.id, changed.reason, roles);
    request.log.info({ operatorId: form.act.actorId, changed: form.id, roles }, 'operator roles changed');
    return reply.redirect(`/admin/operators/${form.id}?done=roles`, 303);
  });

  for (const enabled of [false, true]) {
    app.post(`/admin/operators/:id/${enabled ? 'enable' : 'disable'}`, post, async (request, reply) => {
      const form = await formOf(request, reply, request.params.id);
      if ('answered' in form) return form.answered;
      const changed = await setOperatorEnabled(db, form.act, form.id, enabled);
      if (!changed.ok) return refused(request, reply, form.signedIn, form.id, changed.reason);
      request.log.info({ operatorId: form.act.actorId, changed: form.id, enabled }, 'operator access changed');
      return reply.redirect(`/admin/operators/${form.id}?done=${enabled ? 'enabled' : 'disabled'}`, 303);
    });
  }

  for (const kind of ['totp', 'password'] as const) {
    app.post(`/admin/operators/:id/${kind}`, post, async (request, reply) => {
      const form = await formOf(request, reply, request.params.id);
      if ('answered' in form) return form.answered;
      const act = { ...form.act, keepSessionId: form.signedIn.sessionId };
      const renewed = await renewOperatorCredential(db, act, form.id, kind, issuer);
      if (!renewed.ok) return refused(request, reply, form.signedIn, form.id, renewed.reason);
      const { value } = renewed;
      request.log.info({ operatorId: form.act.actorId, changed: form.id, kind }, 'operator sign-in details renewed');
      const note = operatorsText(request.locale, 'renewedOnce', { count: String(value.sessionsEnded) });
      const page = secretsPage({
        locale: request.locale,
        title: value.kind === 'totp' ? 'totpRenewedTitle' : 'passwordRenewedTitle',
        note,
        operator: value.operator,
        ...(value.kind === 'totp'
          ? { totp: { secret: value.totpSecret, uri: value.otpauthUri } }
          : { password: value.password }),
      });
      return sendHtml(reply, 200, page);
    });
  }
};
