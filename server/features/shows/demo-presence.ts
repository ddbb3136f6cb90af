import { and, eq, not, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import type { PeriodicJob } from '#server/features/jobs/scheduler.ts';
import type { Presence } from './presence.ts';

/** About this share of the demo performers is online at a time. */
export const DEMO_ONLINE_SHARE = 0.25;
const MIN_DELAY_MS = 20_000;
const MAX_DELAY_MS = 30_000;

type Random = () => number;

/**
 * One step of the demo: 1-3 performers change state, most of them towards the target share
 * (more go online while fewer than a quarter are, more go offline while more are).
 */
export async function demoPresenceStep(db: Db, presence: Presence, random: Random = Math.random) {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${shows.online}))::int`,
    })
    .from(shows);
  const total = Number(counts?.total ?? 0);
  if (total === 0) return { on: [] as string[], off: [] as string[] };
  const share = Number(counts?.online ?? 0) / total;
  const changes = 1 + Math.floor(random() * 3);
  let goOn = 0;
  for (let i = 0; i < changes; i++) if (random() < (share < DEMO_ONLINE_SHARE ? 0.8 : 0.2)) goOn += 1;
  // A show somebody chats with stays online: a member's private must not end because of the demo.
  const chatting = sql`exists (select 1 from ${chatSessions} where ${chatSessions.showId} = ${shows.id} and ${chatSessions.endedAt} is null)`;
  const pick = async (online: boolean, n: number) =>
    n === 0
      ? []
      : (
          await db
            .select({ id: shows.id })
            .from(shows)
            .where(online ? and(eq(shows.online, true), not(chatting)) : eq(shows.online, false))
            .orderBy(sql`random()`)
            .limit(n)
        ).map((r) => r.id);
  const [toOn, toOff] = await Promise.all([pick(false, goOn), pick(true, changes - goOn)]);
  return { on: await presence.setOnline(toOn, true), off: await presence.setOnline(toOff, false) };
}

/**
 * Demo performers go on and off line by themselves every 20-30 s (decided by config.demoPresence):
 * a periodic job, so the demo takes one step at a time however many processes run.
 */
export function demoPresenceJob(deps: { db: Db; presence: Presence }): PeriodicJob {
  return {
    everyMs: () => MIN_DELAY_MS + Math.random() * (MAX_DELAY_MS - MIN_DELAY_MS),
    // A step is a few statements: a claimer that died leaves the demo still for a minute at most.
    leaseMs: 60_000,
    run: () => demoPresenceStep(deps.db, deps.presence),
  };
}
