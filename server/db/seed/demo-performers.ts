import { and, asc, eq, isNull, like } from 'drizzle-orm';
import { OWN_PROVIDER } from '#common/constants.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { performers } from '#server/db/schema/performers.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { demoSignInServed } from '#server/features/session/scoped.ts';
import { DEMO_PERFORMER_DOMAIN } from '#server/features/studio/login.ts';

/** The one password of every demo performer login, printed by `npm start` (README). */
export const DEMO_PERFORMER_PASSWORD = 'demo-performer-2026';

/** A show's demo login: its name in lower case, letters and digits only, at the demo domain. */
export function demoPerformerEmail(showName: string, taken: Set<string>): string {
  const base =
    showName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '') || 'performer';
  let local = base;
  for (let n = 2; taken.has(local); n++) local = `${base}${n}`;
  taken.add(local);
  return `${local}@${DEMO_PERFORMER_DOMAIN}`;
}

export type DemoPerformer = { email: string; password: string; showName: string; enabled: boolean };

/**
 * Gives every show of ours without a performer a demo login (outside production, with SEED_DEMO). Runs at
 * every start and adds only what is missing; the password is hashed once for all rows (argon2 is
 * slow). Their password is public, so they sign in only where the demo operator may (login.ts).
 * A partner's show (content provider above 1) gets none: she broadcasts in the partner's studio and
 * her viewers watch the partner's frame, so a studio here would show her to nobody.
 * Answers one login to print, the one of our show with the lowest id, or null.
 */
export async function seedDemoPerformers(
  db: Db,
  config: Pick<Config, 'env' | 'host' | 'seedDemo'>,
): Promise<DemoPerformer | null> {
  if (!config.seedDemo || config.env === 'production') return null;
  const taken = new Set(
    (await db.select({ email: performers.email }).from(performers)).map((r) => r.email.split('@')[0] ?? ''),
  );
  const missing = await db
    .select({ id: shows.id, showName: shows.showName })
    .from(shows)
    .leftJoin(performers, eq(performers.showId, shows.id))
    .where(and(isNull(performers.id), eq(shows.contentproviderId, OWN_PROVIDER)))
    .orderBy(asc(shows.id));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(DEMO_PERFORMER_PASSWORD);
    const rows = missing.map((show) => ({
      showId: show.id,
      email: demoPerformerEmail(show.showName, taken),
      passwordHash,
    }));
    await db.insert(performers).values(rows).onConflictDoNothing();
  }
  const [first] = await db
    .select({ email: performers.email, showName: shows.showName })
    .from(performers)
    .innerJoin(shows, eq(shows.id, performers.showId))
    .where(and(like(performers.email, `%@${DEMO_PERFORMER_DOMAIN}`), eq(shows.contentproviderId, OWN_PROVIDER)))
    .orderBy(asc(shows.id))
    .limit(1);
  if (!first) return null;
  return { ...first, password: DEMO_PERFORMER_PASSWORD, enabled: demoSignInServed(config) };
}
