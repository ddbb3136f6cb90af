import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberParams } from '#common/api/admin-members.ts';
import { resetSecondFactorAnswer, resetSecondFactorBody } from '#common/api/second-factor.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { mailSecondFactorNotice } from '#server/features/auth/second-factor/notice.ts';
import { clearSecondFactor } from '#server/features/auth/second-factor/store.ts';
import { entryOf, repeated, underKey } from './action-keys.ts';
import type { MemberAccount } from './data.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Support resets a member's second factor when she lost her app and her recovery codes (decision
 * 071, capability members), after checking who asks: her app's key, recovery codes and pending
 * sign-ins go, the remembered browsers are forgotten, and she is mailed. The reason goes into the
 * audit entry with the operator, never the key. A member without an app is left as she is
 * (`unchanged`).
 */
export function memberSecondFactorRoute(app: App, existing: (id: number) => Promise<MemberAccount>) {
  const { ctx } = app;
  const { db } = ctx;

  app.post(
    '/admin/members/:id/second-factor/reset',
    {
      config: forOperators('members'),
      schema: {
        summary:
          'Resets a member’s second factor (authenticator app and recovery codes) when she lost both, with a reason.',
        params: memberParams,
        body: resetSecondFactorBody,
        response: { 200: resetSecondFactorAnswer },
      },
    },
    async (request) => {
      const key = actionKeyOf(request);
      const { operator } = await requireOperator(request);
      const member = await existing(request.params.id);
      const same = entryOf('member.second_factor_reset', 'user', member.id);
      const { reason } = request.body;
      const run = await underKey(db, key, same, () =>
        db.transaction(async (tx) => {
          if (!(await clearSecondFactor(tx, member.id))) return false;
          await recordAudit(tx, {
            operatorId: operator.id,
            action: 'member.second_factor_reset',
            subjectType: 'user',
            subjectId: member.id,
            before: { secondFactor: true },
            after: { secondFactor: false },
            reason,
            formKey: key,
          });
          return true;
        }),
      );
      if ('repeat' in run) return { outcome: 'repeat' as const };
      request.log.info(
        { operatorId: operator.id, userId: member.id, changed: run.value },
        'member second factor reset',
      );
      if (!run.value)
        return { outcome: (await repeated(db, key, same)) ? ('repeat' as const) : ('unchanged' as const) };
      await mailSecondFactorNotice(ctx, member.id, 'second_factor_reset');
      consoleChanged(ctx.realtime, ['members']);
      return { outcome: 'done' as const };
    },
  );
}
