import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeAnswer, memberCloseBody, memberParams } from '#common/api/admin-members.ts';
import { closeAccount } from '#server/features/account-closing/mutations.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { entryOf, repeated, underKey } from './action-keys.ts';
import { type MemberAccount, memberAccount } from './data.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const erasesAtOf = (after: unknown) => {
  const v = (after as Record<string, unknown> | null)?.erasesAt;
  return typeof v === 'string' ? v : null;
};

/**
 * Support closes a member's account on her written request (decision 069, capability members):
 * the request's reference and a reason go into the audit entry with the operator; the account
 * then runs as if she had closed it herself (sessions end at once, the grace period, the erasure),
 * and she is mailed until when signing in reopens it. A blocked account can be closed too; one
 * closing or erased already is left as it is (`unchanged`).
 */
export function memberCloseRoute(app: App, existing: (id: number) => Promise<MemberAccount>) {
  const { ctx } = app;
  const { db, mailer } = ctx;

  app.post(
    '/admin/members/:id/close',
    {
      config: forOperators('members'),
      schema: {
        summary: 'Closes a member’s account on her written request, with its reference and a reason.',
        params: memberParams,
        body: memberCloseBody,
        response: { 200: closeAnswer },
      },
    },
    async (request) => {
      const key = actionKeyOf(request);
      const { operator } = await requireOperator(request);
      const member = await existing(request.params.id);
      const same = entryOf('member.close', 'user', member.id);
      const { reference, reason } = request.body;
      const by = { operatorId: operator.id, reason, reference, key };
      const run = await underKey(db, key, same, () => closeAccount(ctx, member.id, by));
      const status = async () => (await memberAccount(db, member.id))?.status ?? member.status;
      if ('repeat' in run) {
        return {
          outcome: 'repeat' as const,
          status: await status(),
          erasesAt: erasesAtOf(run.repeat.after),
          sessionsEnded: 0,
        };
      }
      request.log.info({ operatorId: operator.id, userId: member.id, changed: run.value !== false }, 'member close');
      if (run.value === false) {
        const earlier = await repeated(db, key, same);
        return {
          outcome: earlier ? ('repeat' as const) : ('unchanged' as const),
          status: await status(),
          erasesAt: earlier ? erasesAtOf(earlier.after) : null,
          sessionsEnded: 0,
        };
      }
      const { erasesAt, sessionsEnded } = run.value;
      const locale = member.locale === 'de' ? 'de' : 'en';
      const date = erasesAt.toISOString().slice(0, 10);
      await mailer.send({ to: member.email, template: 'account_closing', locale, vars: { date } });
      consoleChanged(ctx.realtime, ['members']);
      return { outcome: 'done' as const, status: 'closing', erasesAt: erasesAt.toISOString(), sessionsEnded };
    },
  );
}
