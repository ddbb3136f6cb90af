import { and, asc, eq } from 'drizzle-orm';
import { OWN_PROVIDER } from '#common/constants.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { referralCodes } from '#server/db/schema/referrals.ts';
import { issueReferralCode } from '#server/features/referrals/issue.ts';

const DAY_MS = 86_400_000;
/** How many demo shows get a code. */
const DEMO_CODES = 3;

export type DemoReferral = { code: string; showName: string };

/**
 * Demo referral codes (outside production, with SEED_DEMO): DEMO-VIP1 to DEMO-VIP3 open the
 * first shows whose free chat is off (those the code makes a difference for), for a year and a
 * hundred uses each, and DEMO-EXPIRED shows the refusal. Only native shows: their stream is ours.
 * Each is issued as the show's performer issues codes, so the studio lists them with their figures;
 * a code that exists already is left as it is. Answers the codes to print.
 */
export async function seedDemoReferralCodes(
  db: Db,
  config: Pick<Config, 'env' | 'seedDemo'>,
  now = new Date(),
): Promise<DemoReferral[]> {
  if (!config.seedDemo || config.env === 'production') return [];
  const picked = await db
    .select({ id: shows.id, showName: shows.showName })
    .from(shows)
    .where(and(eq(shows.contentproviderId, OWN_PROVIDER), eq(shows.free, false)))
    .orderBy(asc(shows.id))
    .limit(DEMO_CODES);
  if (picked.length === 0) return [];
  const codes = picked.map((show, i) => ({ code: `DEMO-VIP${i + 1}`, show }));
  const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);
  // Issued as her studio issues codes (features/referrals/issue.ts); a code taken already stays as it is.
  const issue = (code: string, showId: number, expiresAt: Date, maxUses: number | null) =>
    issueReferralCode(db, { code, showId, issuer: { kind: 'performer' }, expiresAt, maxUses, now });
  for (const { code, show } of codes) await issue(code, show.id, inDays(365), 100);
  await issue('DEMO-EXPIRED', codes[0]?.show.id ?? 0, inDays(-1), null);
  // What the table holds (a code seeded on an earlier start keeps its show).
  const rows = await db
    .select({ code: referralCodes.code, showName: shows.showName })
    .from(referralCodes)
    .innerJoin(shows, eq(shows.id, referralCodes.showId))
    .orderBy(asc(referralCodes.code));
  return rows.filter((r) => codes.some((c) => c.code === r.code));
}
