import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleOutcome } from '#common/api/admin.ts';
import {
  type ListedOperator,
  newOperatorBody,
  operatorChanged,
  operatorCreated,
  operatorDetail,
  operatorRenewed,
  operatorRolesBody,
  operatorsList,
} from '#common/api/admin-operators.ts';
import { idParam } from '#common/api/fields.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { totpIssuer } from '#server/features/admin/create-operator.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { listedOperator, listOperators } from './data.ts';
import {
  changeOperatorRoles,
  createOperatorFromConsole,
  type OperatorRefusal,
  renewOperatorCredential,
  setOperatorEnabled,
} from './mutations.ts';
import { presentListedOperator } from './present.ts';

const config = forOperators('operators');

/**
 * What a change came to: done, a repeat of its key, or nothing to change; any other refusal is
 * thrown as its answer (404, or 409 with the reason as the message).
 */
function outcomeOf(result: { ok: true } | { ok: false; reason: OperatorRefusal }): ConsoleOutcome {
  if (result.ok) return 'done';
  const { reason } = result;
  if (reason === 'form_used') return 'repeat';
  if (reason === 'unchanged') return 'unchanged';
  if (reason === 'not_found') throw notFound();
  if (reason === 'email_taken') {
    throw new AppError('email_already_exists', {
      message: 'email_taken',
      errors: { email: ['errors.email_already_exists'] },
    });
  }
  throw new AppError('conflict', { message: reason });
}

/** Answers carrying a password or a key are kept by no cache on the way. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * Operators and roles (/api/admin/operators), for administrators: the team, adding an operator
 * (her password and authenticator key answered once), and an operator's roles, access and new
 * sign-in details. Each change is one transaction with its audit entry under the action's key
 * (mutations.ts); afterwards the consoles showing operators and the audit log read them again, and
 * the sessions a change ended lose their sockets at once.
 */
export const operatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const keys = { issuer: totpIssuer(ctx.config.site.name), sealKey: ctx.config.secondFactorKey };

  /** The operator as she is now (404: there is none). */
  const current = async (id: number): Promise<ListedOperator> => {
    const row = await listedOperator(db, id);
    if (!row) throw notFound();
    return presentListedOperator(row);
  };

  /** Who acts, under which key: the key is checked before anything changes (400 without one). */
  const actOf = async (request: FastifyRequest) => {
    const key = actionKeyOf(request);
    const signedIn = await requireOperator(request);
    return { signedIn, act: { actorId: signedIn.operator.id, formKey: key } };
  };

  app.get('/admin/operators', { config, schema: { response: { 200: operatorsList } } }, async (request) => {
    await requireOperator(request);
    return { operators: (await listOperators(db)).map(presentListedOperator) };
  });

  app.post(
    '/admin/operators',
    { config, schema: { body: newOperatorBody, response: { 200: operatorCreated, 201: operatorCreated } } },
    async (request, reply) => {
      const { act } = await actOf(request);
      const { email, name, roles } = request.body;
      const created = await createOperatorFromConsole(db, act, { email, name, roles }, keys);
      const outcome = outcomeOf(created);
      if (!created.ok) return { outcome, operator: null, credentials: null };
      const { operator, password, totpSecret, otpauthUri } = created.value;
      request.log.info({ operatorId: act.actorId, created: operator.id, roles }, 'operator created');
      consoleChanged(ctx.realtime, ['operators', 'audit']);
      noStore(reply).code(201);
      return { outcome, operator: await current(operator.id), credentials: { password, totpSecret, otpauthUri } };
    },
  );

  app.get(
    '/admin/operators/:id',
    { config, schema: { params: idParam, response: { 200: operatorDetail } } },
    async (request) => {
      await requireOperator(request);
      return { operator: await current(request.params.id) };
    },
  );

  app.put(
    '/admin/operators/:id/roles',
    { config, schema: { params: idParam, body: operatorRolesBody, response: { 200: operatorChanged } } },
    async (request) => {
      const { act } = await actOf(request);
      const { id } = request.params;
      const { roles } = request.body;
      const changed = await changeOperatorRoles(db, act, id, roles);
      const outcome = outcomeOf(changed);
      if (changed.ok) {
        request.log.info({ operatorId: act.actorId, changed: id, roles }, 'operator roles changed');
        consoleChanged(ctx.realtime, ['operators', 'audit']);
      }
      return { outcome, operator: await current(id), sessionsEnded: 0 };
    },
  );

  for (const enabled of [false, true]) {
    app.post(
      `/admin/operators/:id/${enabled ? 'enable' : 'disable'}`,
      { config, schema: { params: idParam, response: { 200: operatorChanged } } },
      async (request) => {
        const { act } = await actOf(request);
        const { id } = request.params;
        const changed = await setOperatorEnabled(db, act, id, enabled);
        const outcome = outcomeOf(changed);
        let sessionsEnded = 0;
        if (changed.ok) {
          const ended = changed.value.endedSessions;
          sessionsEnded = ended.length;
          endSockets(ctx, ended);
          request.log.info({ operatorId: act.actorId, changed: id, enabled, sessionsEnded }, 'operator access changed');
          consoleChanged(ctx.realtime, ['operators', 'audit']);
        }
        return { outcome, operator: await current(id), sessionsEnded };
      },
    );
  }

  for (const kind of ['totp', 'password'] as const) {
    app.post(
      `/admin/operators/:id/${kind}`,
      { config, schema: { params: idParam, response: { 200: operatorRenewed } } },
      async (request, reply) => {
        const { act, signedIn } = await actOf(request);
        const { id } = request.params;
        const renewed = await renewOperatorCredential(
          db,
          { ...act, keepSessionId: signedIn.sessionId },
          id,
          kind,
          keys,
        );
        const outcome = outcomeOf(renewed);
        if (!renewed.ok) return { outcome, operator: await current(id), sessionsEnded: 0, credentials: null };
        const { value } = renewed;
        endSockets(ctx, value.endedSessions);
        request.log.info({ operatorId: act.actorId, changed: id, kind }, 'operator sign-in details renewed');
        consoleChanged(ctx.realtime, ['operators', 'audit']);
        noStore(reply);
        const credentials =
          value.kind === 'totp'
            ? { totpSecret: value.totpSecret, otpauthUri: value.otpauthUri }
            : { password: value.password };
        return { outcome, operator: await current(id), sessionsEnded: value.endedSessions.length, credentials };
      },
    );
  }
};

/** The console sockets of ended sessions close at once (their next request is refused anyway). */
function endSockets(ctx: AppContext, sessionIds: readonly string[]) {
  for (const operatorSessionId of sessionIds) ctx.realtime.sessionsEnded({ operatorSessionId });
}
