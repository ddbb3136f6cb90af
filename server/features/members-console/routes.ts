import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  memberDetail,
  memberLedgerAnswer,
  memberListQuery,
  memberOrdersAnswer,
  memberParams,
  memberPurchasesAnswer,
  memberSearchAnswer,
  memberSearchQuery,
} from '#common/api/admin-members.ts';
import { AppError } from '#server/errors.ts';
import { forOperators } from '#server/features/admin/action-key.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { confirmedFactorOf } from '#server/features/auth/second-factor/store.ts';
import { memberActionRoutes } from './action-routes.ts';
import { memberCloseRoute } from './close-route.ts';
import { memberAccount, memberLedger, memberOrders, memberPurchases, memberSessions, searchMembers } from './data.ts';
import { presentAccount, presentOrder, withIsoTime } from './present.ts';
import { memberSecondFactorRoute } from './second-factor-route.ts';

const pageOf = (q: { page: number; pageSize: number }) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/**
 * The console's member screens (/api/admin/members...): the search, her account and sessions, her
 * ledger, orders and purchases page by page (capability members), and the actions on her
 * (action-routes.ts). Never a password hash, a session's id or a mailed token.
 */
export const membersApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const reading = forOperators('members');

  /** The member of the path, or 404. */
  const existing = async (id: number) => {
    const account = await memberAccount(db, id);
    if (!account) throw new AppError('not_found', { message: 'member_not_found' });
    return account;
  };

  app.get(
    '/admin/members',
    { config: reading, schema: { querystring: memberSearchQuery, response: { 200: memberSearchAnswer } } },
    async (request) => {
      await requireOperator(request);
      const { q, sort, order } = request.query;
      // No term, no list: the screen asks for one (every member at once helps nobody).
      if (!q) return { rows: [], total: 0 };
      const found = await searchMembers(db, q, { ...pageOf(request.query), sort, order });
      return { rows: found.rows.map(withIsoTime), total: found.total };
    },
  );

  app.get(
    '/admin/members/:id',
    { config: reading, schema: { params: memberParams, response: { 200: memberDetail } } },
    async (request) => {
      await requireOperator(request);
      const account = await existing(request.params.id);
      const sessions = await memberSessions(db, account.id);
      return {
        account: presentAccount(account),
        second_factor: Boolean(await confirmedFactorOf(db, account.id)),
        sessions: sessions.map((s) => ({
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          agechecked: s.agechecked,
        })),
      };
    },
  );

  app.get(
    '/admin/members/:id/ledger',
    {
      config: reading,
      schema: { params: memberParams, querystring: memberListQuery, response: { 200: memberLedgerAnswer } },
    },
    async (request) => {
      await requireOperator(request);
      const { id } = await existing(request.params.id);
      const ledger = await memberLedger(db, id, pageOf(request.query));
      return { rows: ledger.rows.map(withIsoTime), total: ledger.total };
    },
  );

  app.get(
    '/admin/members/:id/orders',
    {
      config: reading,
      schema: { params: memberParams, querystring: memberListQuery, response: { 200: memberOrdersAnswer } },
    },
    async (request) => {
      await requireOperator(request);
      const { id } = await existing(request.params.id);
      const found = await memberOrders(db, id, pageOf(request.query));
      return { rows: found.rows.map(presentOrder), total: found.total };
    },
  );

  app.get(
    '/admin/members/:id/purchases',
    {
      config: reading,
      schema: { params: memberParams, querystring: memberListQuery, response: { 200: memberPurchasesAnswer } },
    },
    async (request) => {
      await requireOperator(request);
      const { id } = await existing(request.params.id);
      const found = await memberPurchases(db, id, pageOf(request.query));
      return { rows: found.rows.map(withIsoTime), total: found.total };
    },
  );

  memberActionRoutes(app, existing);
  memberCloseRoute(app, existing);
  memberSecondFactorRoute(app, existing);
};
