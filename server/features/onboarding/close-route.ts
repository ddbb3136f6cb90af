import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PerformerApplication, performerCloseAnswer, performerCloseBody } from '#common/api/admin-performers.ts';
import { idParam } from '#common/api/fields.ts';
import { performers } from '#server/db/schema/performers.ts';
import { notFound } from '#server/errors.ts';
import { actionKeyOf, forOperators } from '#server/features/admin/action-key.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { requireOperator } from '#server/features/admin/operator-gate.ts';
import { entryOf, repeated, underKey } from '#server/features/members-console/action-keys.ts';
import { closePerformer } from './performer-closing.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Status = PerformerApplication['status'];

/**
 * The console closes a performer's account on her written request (decision 069, capability
 * performers, the performer screen's): the reference and a reason go into the audit entry with the
 * operator; her studio sessions end, her show and content go offline and her personal data is
 * erased at once, while the 2257 records, payout statements and earnings ledger stay. An account
 * closed already is left as it is (`unchanged`); the same action key again is a `repeat`.
 */
export function performerCloseRoute(app: App) {
  const { ctx } = app;
  const { db } = ctx;
  // Any performer account, an applicant's too (one made by the command line has no application).
  const statusOf = async (id: number): Promise<Status> => {
    const [row] = await db.select({ status: performers.status }).from(performers).where(eq(performers.id, id));
    if (!row) throw notFound();
    return row.status;
  };

  app.post(
    '/admin/performers/:id/close',
    {
      config: forOperators('performers'),
      schema: {
        summary: 'Closes a performer’s account on her written request, with its reference and a reason.',
        params: idParam,
        body: performerCloseBody,
        response: { 200: performerCloseAnswer },
      },
    },
    async (request) => {
      const key = actionKeyOf(request);
      const { operator } = await requireOperator(request);
      const id = request.params.id;
      await statusOf(id);
      const same = entryOf('performer.close', 'performer', id);
      const { reference, reason } = request.body;
      const run = await underKey(db, key, same, () =>
        closePerformer(db, id, { operatorId: operator.id, reason, reference, key }),
      );
      if ('repeat' in run) return { outcome: 'repeat' as const, status: await statusOf(id), sessionsEnded: 0 };
      request.log.info({ operatorId: operator.id, performerId: id, changed: run.value !== false }, 'performer close');
      if (run.value === false) {
        const earlier = await repeated(db, key, same);
        return {
          outcome: earlier ? ('repeat' as const) : ('unchanged' as const),
          status: await statusOf(id),
          sessionsEnded: 0,
        };
      }
      // Her studio's open sockets close now, as at a sign-out; their next call finds no session.
      for (const performerSessionId of run.value.sessionIds) ctx.realtime.sessionsEnded({ performerSessionId });
      consoleChanged(ctx.realtime, ['performers']);
      return { outcome: 'done' as const, status: 'closed' as const, sessionsEnded: run.value.sessionsEnded };
    },
  );
}
