import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockAnswer,
  correctionAnswer,
  correctionBody,
  memberOrderParams,
  memberParams,
  memberReasonBody,
  NO_COINS,
  refundAnswer,
} from '#common/api/admin-members.ts';
import { AppError, invalidField } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { correctionKey } from '#server/features/coins/keys.ts';
import { entryOf, repeated, underKey } from './action-keys.ts';
import { correctionEntry, latestRefund, type MemberAccount, memberAccount, memberOrder } from './data.ts';
import { blockMember, correctBalance, openRefundRequest, settleRefundRequest, unblockMember } from './mutations.ts';
import { refundStateOf } from './present.ts';
import { askProviderToRefund } from './refunds.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A number the audit entry kept (`after.sessionsEnded`, `after.balance`), or 0. */
const kept = (after: unknown, field: string) => {
  const v = (after as Record<string, unknown> | null)?.[field];
  return typeof v === 'number' ? v : 0;
};

/**
 * The actions on a member, each with a reason and under its action key (its audit entry keeps
 * it): block and unblock, which end her sessions and refuse her every way in (capability
 * members); a balance correction through the ledger (corrections); a refund, which asks the
 * order's payment provider once (refunds). After a change commits, the member screens of every
 * operator read again.
 */
export function memberActionRoutes(app: App, existing: (id: number) => Promise<MemberAccount>) {
  const { ctx } = app;
  const { db } = ctx;
  const changed = () => consoleChanged(ctx.realtime, ['members']);

  app.post(
    '/admin/members/:id/block',
    {
      config: forOperators('members'),
      schema: { params: memberParams, body: memberReasonBody, response: { 200: blockAnswer } },
    },
    async (request) => {
      const key = actionKeyOf(request);
      const { operator } = await requireOperator(request);
      const { id } = await existing(request.params.id);
      const same = entryOf('member.block', 'user', id);
      const by = { operatorId: operator.id, reason: request.body.reason, key };
      const run = await underKey(db, key, same, () => blockMember(ctx, id, by));
      const status = async () => (await memberAccount(db, id))?.status ?? 'active';
      if ('repeat' in run) {
        return {
          outcome: 'repeat' as const,
          status: await status(),
          sessionsEnded: kept(run.repeat.after, 'sessionsEnded'),
        };
      }
      request.log.info({ operatorId: operator.id, userId: id, changed: run.value !== false }, 'member block');
      if (run.value === false) {
        // Not active: blocked already (perhaps by this very key a moment ago), or cancelled.
        const earlier = await repeated(db, key, same);
        return {
          outcome: earlier ? ('repeat' as const) : ('unchanged' as const),
          status: await status(),
          sessionsEnded: earlier ? kept(earlier.after, 'sessionsEnded') : 0,
        };
      }
      changed();
      return { outcome: 'done' as const, status: 'blocked', sessionsEnded: run.value.sessionsEnded };
    },
  );

  app.post(
    '/admin/members/:id/unblock',
    {
      config: forOperators('members'),
      schema: { params: memberParams, body: memberReasonBody, response: { 200: blockAnswer } },
    },
    async (request) => {
      const key = actionKeyOf(request);
      const { operator } = await requireOperator(request);
      const { id } = await existing(request.params.id);
      const same = entryOf('member.unblock', 'user', id);
      const by = { operatorId: operator.id, reason: request.body.reason, key };
      const run = await underKey(db, key, same, () => unblockMember(ctx, id, by));
      const status = async () => (await memberAccount(db, id))?.status ?? 'active';
      if ('repeat' in run) return { outcome: 'repeat' as const, status: await status(), sessionsEnded: 0 };
      request.log.info({ operatorId: operator.id, userId: id, changed: run.value }, 'member unblock');
      if (!run.value) {
        const earlier = await repeated(db, key, same);
        return {
          outcome: earlier ? ('repeat' as const) : ('unchanged' as const),
          status: await status(),
          sessionsEnded: 0,
        };
      }
      changed();
      return { outcome: 'done' as const, status: 'active', sessionsEnded: 0 };
    },
  );

  app.post(
    '/admin/members/:id/correction',
    {
      config: forOperators('corrections'),
      schema: { params: memberParams, body: correctionBody, response: { 200: correctionAnswer } },
    },
    async (request) => {
      const key = actionKeyOf(request);
      const { operator } = await requireOperator(request);
      const { id } = await existing(request.params.id);
      const { direction, amount, reason } = request.body;
      const delta = direction === 'credit' ? amount : -amount;
      // The key booked another movement already: the ledger would refuse it as a bug, we as a conflict.
      const prior = await correctionEntry(db, correctionKey(key));
      if (prior && (prior.userId !== id || prior.delta !== delta)) {
        throw new AppError('conflict', { message: 'action_key_used' });
      }
      const same = entryOf(`member.coins_${direction}`, 'user', id);
      const run = await underKey(db, key, same, () =>
        correctBalance(ctx, { userId: id, direction, amount, key }, { operatorId: operator.id, reason, key }),
      );
      if ('repeat' in run) return { outcome: 'repeat' as const, balance: kept(run.repeat.after, 'balance') };
      const done = run.value;
      if (!done.ok) throw invalidField('amount', NO_COINS);
      request.log.info(
        { operatorId: operator.id, userId: id, delta, replayed: done.replayed },
        'member balance correction',
      );
      if (done.replayed) return { outcome: 'repeat' as const, balance: done.balance };
      changed();
      return { outcome: 'done' as const, balance: done.balance };
    },
  );

  app.post(
    '/admin/members/:id/orders/:orderId/refund',
    {
      config: forOperators('refunds'),
      schema: { params: memberOrderParams, body: memberReasonBody, response: { 200: refundAnswer } },
    },
    async (request) => {
      const key = actionKeyOf(request);
      const { operator } = await requireOperator(request);
      const { id } = await existing(request.params.id);
      const order = await memberOrder(db, id, request.params.orderId);
      if (!order) throw new AppError('not_found', { message: 'order_not_found' });
      const same = entryOf('order.refund_request', 'order', order.id);
      const by = { operatorId: operator.id, reason: request.body.reason, key };
      const now = async () => refundStateOf(await latestRefund(db, order.id)) ?? 'pending';
      const run = await underKey(db, key, same, () => openRefundRequest(ctx, order, by));
      if ('repeat' in run) return { outcome: 'repeat' as const, orderId: order.id, refund: await now() };
      const opened = run.value;
      if ('refused' in opened) {
        if (opened.refused === 'not_paid') throw new AppError('conflict', { message: 'not_paid' });
        // A request is open: this key's own (a double click), or another operator's.
        const earlier = await repeated(db, key, same);
        return {
          outcome: earlier ? ('repeat' as const) : ('unchanged' as const),
          orderId: order.id,
          refund: await now(),
        };
      }
      let call: Awaited<ReturnType<typeof askProviderToRefund>>;
      try {
        call = await askProviderToRefund(ctx.config, app.inject.bind(app), order);
      } catch (err) {
        // The provider could not be asked: the request is closed as refused, so it can be asked again.
        await settleRefundRequest(ctx, opened.requestId, 'refused');
        changed();
        throw err;
      }
      await settleRefundRequest(ctx, opened.requestId, call.outcome);
      request.log.info(
        { operatorId: operator.id, orderId: order.id, outcome: call.outcome, status: call.status },
        'order refund request',
      );
      changed();
      return { outcome: 'done' as const, orderId: order.id, refund: call.outcome };
    },
  );
}
