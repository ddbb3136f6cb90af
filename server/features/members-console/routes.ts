import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasControlCharacters } from '#common/api/fields.ts';
import { may } from '#common/domain/console-policy.ts';
import { consoleFormToken, consoleFormValid, consoleOperator, pathId } from '#server/features/admin/gate.ts';
import { sendHtml } from '#server/features/admin/html.ts';
import type { SignedInOperator } from '#server/features/admin/session.ts';
import { correctionKey } from '#server/features/coins/keys.ts';
import { acceptPageForms, formFields } from '#server/http/page-forms.ts';
import {
  correctionEntry,
  memberAccount,
  memberLedger,
  memberOrder,
  memberOrders,
  memberPurchases,
  memberSessions,
  searchMembers,
} from './data.ts';
import { type MembersNotice, membersNotFound, searchPage } from './html.ts';
import { CORRECTION_MAX, type MemberPageForms, memberPage, REASON_MAX } from './member-html.ts';
import { blockMember, correctBalance, openRefundRequest, settleRefundRequest, unblockMember } from './mutations.ts';
import { askProviderToRefund } from './refunds.ts';
import type { MembersText } from './texts.ts';

export const SEARCH_PAGE_SIZE = 25;
export const LEDGER_PAGE_SIZE = 50;
const ORDERS_LIMIT = 50;
const PURCHASES_LIMIT = 50;
/** A reason of REASON_MAX characters, each up to 4 bytes of UTF-8 and each byte %XX, with the form's other fields. */
const FORM_LIMIT = REASON_MAX * 12 + 1024;
const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** What a finished action tells the page it sends the browser back to (POST-redirect-GET). */
const DONE: Record<string, MembersNotice['kind']> = {
  blocked: 'status',
  unblocked: 'status',
  notActive: 'alert',
  notBlocked: 'alert',
  corrected: 'status',
  correctedBefore: 'status',
  refundDelivered: 'status',
  refundQueued: 'status',
  refundManual: 'status',
  refundRefused: 'alert',
  refundRequested: 'alert',
};

const page = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);
const searchQuery = z.object({ q: z.string().max(254).optional().catch(undefined), page });
const memberQuery = z.object({
  page,
  done: z.string().max(40).optional().catch(undefined),
  n: z.coerce.number().int().min(0).max(2_147_483_647).optional().catch(undefined),
  order: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});
const idParam = z.object({ id: z.string().max(20).catch('') });
const orderParam = z.object({ id: z.string().max(20).catch(''), orderId: z.string().max(20).catch('') });

/** The reason every action asks for: trimmed, 1 to REASON_MAX characters; else the refusal's text. */
function reasonOf(raw: string | undefined): { reason: string } | { refusal: MembersNotice } {
  const reason = (raw ?? '').trim();
  if (!reason) return { refusal: { kind: 'alert', key: 'reasonRequired' } };
  if (reason.length > REASON_MAX) {
    return { refusal: { kind: 'alert', key: 'reasonTooLong', vars: { max: String(REASON_MAX) } } };
  }
  return { reason };
}

/**
 * The console's member screens (/admin/members): the search, a member's page, and the forms on
 * it: block and unblock (capability members), a balance correction (corrections, administrators
 * only) and a refund through the payment provider (refunds). Every form carries the token of the
 * operator's session; every change is audited in its own transaction and answered by a redirect
 * to the member's page (POST-redirect-GET).
 */
export const membersConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  acceptPageForms(app, FORM_LIMIT);

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: SignedInOperator,
    id: number,
    opts: {
      status?: number;
      notice?: MembersNotice | null;
      ledgerPage?: number;
      draft?: MemberPageForms['draft'];
    } = {},
  ) => {
    const account = await memberAccount(db, id);
    if (!account) return sendHtml(reply, 404, membersNotFound(request.locale, 'memberNotFound'));
    const ledgerPage = opts.ledgerPage ?? 1;
    const [ledger, orders, sessions, purchases] = await Promise.all([
      memberLedger(db, id, { limit: LEDGER_PAGE_SIZE, offset: (ledgerPage - 1) * LEDGER_PAGE_SIZE }),
      memberOrders(db, id, ORDERS_LIMIT),
      memberSessions(db, id),
      memberPurchases(db, id, PURCHASES_LIMIT),
    ]);
    const { roles } = signedIn.operator;
    const html = memberPage({
      locale: request.locale,
      data: {
        account,
        ledger: { ...ledger, page: ledgerPage, pages: Math.max(1, Math.ceil(ledger.total / LEDGER_PAGE_SIZE)) },
        orders,
        ordersLimit: ORDERS_LIMIT,
        sessions,
        purchases,
        purchasesLimit: PURCHASES_LIMIT,
      },
      forms: {
        token: consoleFormToken(ctx, signedIn),
        key: randomBytes(24).toString('base64url'),
        may: { block: may(roles, 'members'), correct: may(roles, 'corrections'), refund: may(roles, 'refunds') },
        ...(opts.draft ? { draft: opts.draft } : {}),
      },
      notice: opts.notice ?? null,
    });
    return sendHtml(reply, opts.status ?? 200, html);
  };

  const back = (reply: FastifyReply, id: number, done: string, vars: { n?: number; order?: number } = {}) => {
    const query = new URLSearchParams({ done });
    if (vars.n !== undefined) query.set('n', String(vars.n));
    if (vars.order !== undefined) query.set('order', String(vars.order));
    return reply.redirect(`/admin/members/${id}?${query}#notice`, 303);
  };

  app.get('/admin/members', { schema: { querystring: searchQuery } }, async (request, reply) => {
    const q = (request.query.q ?? '').trim();
    const p = request.query.page ?? 1;
    const here = q ? `/admin/members?q=${encodeURIComponent(q)}${p > 1 ? `&page=${p}` : ''}` : '/admin/members';
    const gate = await consoleOperator(ctx, request, reply, 'members', here);
    if ('refused' in gate) return gate.refused;
    // A term with control characters finds nobody: the page says so instead of asking the database.
    const usable = q && !hasControlCharacters(q, { multiline: false });
    const found = usable
      ? await searchMembers(db, q, { limit: SEARCH_PAGE_SIZE, offset: (p - 1) * SEARCH_PAGE_SIZE })
      : { rows: [], total: 0 };
    const pages = Math.max(1, Math.ceil(found.total / SEARCH_PAGE_SIZE));
    return sendHtml(reply, 200, searchPage({ locale: request.locale, q: usable ? q : '', ...found, page: p, pages }));
  });

  app.get('/admin/members/:id', { schema: { params: idParam, querystring: memberQuery } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const gate = await consoleOperator(ctx, request, reply, 'members', `/admin/members/${id ?? ''}`);
    if ('refused' in gate) return gate.refused;
    if (id === null) return sendHtml(reply, 404, membersNotFound(request.locale, 'memberNotFound'));
    const { done, n, order } = request.query;
    const kind = done ? DONE[done] : undefined;
    const notice: MembersNotice | null =
      done && kind
        ? {
            kind,
            key: done as MembersText,
            vars: { count: String(n ?? 0), coins: String(n ?? 0), id: String(order ?? '') },
          }
        : null;
    return render(request, reply, gate.signedIn, id, { notice, ledgerPage: request.query.page ?? 1 });
  });

  /**
   * The steps every form shares: the capability, the member, readable fields, a genuine form
   * (this site, this session's token) and a reason. Answers the refusal already sent, or what
   * the action needs.
   */
  const accept = async (
    request: FastifyRequest,
    reply: FastifyReply,
    rawId: string,
    capability: 'members' | 'corrections' | 'refunds',
    form: string,
  ) => {
    const id = pathId(rawId);
    const gate = await consoleOperator(ctx, request, reply, capability, `/admin/members/${id ?? ''}`);
    if ('refused' in gate) return { sent: gate.refused };
    const { signedIn } = gate;
    if (id === null || !(await memberAccount(db, id))) {
      return { sent: sendHtml(reply, 404, membersNotFound(request.locale, 'memberNotFound')) };
    }
    const refuse = async (status: number, notice: MembersNotice, draft?: MemberPageForms['draft']) => ({
      sent: await render(request, reply, signedIn, id, { status, notice, ...(draft ? { draft } : {}) }),
    });
    const fields = formFields(request.body);
    if (!fields) return refuse(422, { kind: 'alert', key: 'invalidCharacters' }, { form, reason: '' });
    const draft = {
      form,
      reason: (fields.reason ?? '').slice(0, REASON_MAX * 2),
      amount: (fields.amount ?? '').slice(0, 20),
      direction: fields.direction === 'debit' ? 'debit' : 'credit',
    };
    if (!consoleFormValid(ctx, request, signedIn, fields.token))
      return refuse(403, { kind: 'alert', key: 'expired' }, draft);
    const r = reasonOf(fields.reason);
    if ('refusal' in r) return refuse(422, r.refusal, draft);
    return { id, signedIn, fields, reason: r.reason, refuse, draft };
  };

  const post = { config: { csrf: false } } as const;

  app.post('/admin/members/:id/block', { ...post, schema: { params: idParam } }, async (request, reply) => {
    const a = await accept(request, reply, request.params.id, 'members', 'block');
    if ('sent' in a) return a.sent;
    const done = await blockMember(ctx, a.id, { operatorId: a.signedIn.operator.id, reason: a.reason });
    request.log.info({ operatorId: a.signedIn.operator.id, userId: a.id, changed: done !== false }, 'member block');
    return done ? back(reply, a.id, 'blocked', { n: done.sessionsEnded }) : back(reply, a.id, 'notActive');
  });

  app.post('/admin/members/:id/unblock', { ...post, schema: { params: idParam } }, async (request, reply) => {
    const a = await accept(request, reply, request.params.id, 'members', 'unblock');
    if ('sent' in a) return a.sent;
    const done = await unblockMember(ctx, a.id, { operatorId: a.signedIn.operator.id, reason: a.reason });
    request.log.info({ operatorId: a.signedIn.operator.id, userId: a.id, changed: done }, 'member unblock');
    return back(reply, a.id, done ? 'unblocked' : 'notBlocked');
  });

  app.post('/admin/members/:id/correction', { ...post, schema: { params: idParam } }, async (request, reply) => {
    const a = await accept(request, reply, request.params.id, 'corrections', 'correction');
    if ('sent' in a) return a.sent;
    const { fields, draft } = a;
    const key = fields.key ?? '';
    if (!FORM_KEY.test(key)) return (await a.refuse(403, { kind: 'alert', key: 'expired' }, draft)).sent;
    const direction = fields.direction;
    if (direction !== 'credit' && direction !== 'debit') {
      return (await a.refuse(422, { kind: 'alert', key: 'directionInvalid' }, draft)).sent;
    }
    const raw = (fields.amount ?? '').trim();
    const amount = /^\d{1,7}$/.test(raw) ? Number(raw) : 0;
    if (amount < 1 || amount > CORRECTION_MAX) {
      return (
        await a.refuse(422, { kind: 'alert', key: 'amountInvalid', vars: { max: String(CORRECTION_MAX) } }, draft)
      ).sent;
    }
    // The form's key already booked something else (the page went back and was changed): reload.
    const prior = await correctionEntry(db, correctionKey(key));
    const delta = direction === 'credit' ? amount : -amount;
    if (prior && (prior.userId !== a.id || prior.delta !== delta)) {
      return (await a.refuse(409, { kind: 'alert', key: 'formUsed' }, draft)).sent;
    }
    const done = await correctBalance(
      ctx,
      { userId: a.id, direction, amount, key },
      { operatorId: a.signedIn.operator.id, reason: a.reason },
    );
    if (!done.ok) return (await a.refuse(422, { kind: 'alert', key: 'noCoins' }, draft)).sent;
    request.log.info(
      { operatorId: a.signedIn.operator.id, userId: a.id, delta, replayed: done.replayed },
      'member balance correction',
    );
    return back(reply, a.id, done.replayed ? 'correctedBefore' : 'corrected', { n: done.balance });
  });

  app.post(
    '/admin/members/:id/orders/:orderId/refund',
    { ...post, schema: { params: orderParam } },
    async (request, reply) => {
      const a = await accept(request, reply, request.params.id, 'refunds', `refund:${request.params.orderId}`);
      if ('sent' in a) return a.sent;
      const orderId = pathId(request.params.orderId);
      const order = orderId === null ? null : await memberOrder(db, a.id, orderId);
      if (!order) return sendHtml(reply, 404, membersNotFound(request.locale, 'orderNotFound'));
      const by = { operatorId: a.signedIn.operator.id, reason: a.reason };
      const opened = await openRefundRequest(ctx, order, by);
      if ('refused' in opened) {
        if (opened.refused === 'requested') return back(reply, a.id, 'refundRequested', { order: order.id });
        return (await a.refuse(422, { kind: 'alert', key: 'notPaid' }, a.draft)).sent;
      }
      let call: Awaited<ReturnType<typeof askProviderToRefund>>;
      try {
        call = await askProviderToRefund(ctx.config, app.inject.bind(app), order);
      } catch (err) {
        // The provider could not be asked: the request is closed as refused, so it can be asked again.
        await settleRefundRequest(ctx, opened.requestId, 'refused');
        throw err;
      }
      await settleRefundRequest(ctx, opened.requestId, call.outcome);
      request.log.info(
        { operatorId: by.operatorId, orderId: order.id, outcome: call.outcome, status: call.status },
        'order refund request',
      );
      const done = {
        delivered: 'refundDelivered',
        queued: 'refundQueued',
        manual: 'refundManual',
        refused: 'refundRefused',
      }[call.outcome];
      return back(reply, a.id, done, { order: order.id });
    },
  );
};
