import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '#server/db/client.ts';
import { galleries, shows, videos } from '#server/db/schema/catalog.ts';
import { performerApplications } from '#server/db/schema/onboarding.ts';
import { performerSessions, performers } from '#server/db/schema/performers.ts';
import { phoneChatForwarding } from '#server/db/schema/phonechat.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';

/**
 * Closing a performer's account on her written request (decision 069): one transaction that ends
 * her studio sessions, takes her show and content offline and erases what the retention table does
 * not keep. Kept as they are: the 2257 records (`performer_records`, the identity pictures'
 * keys and the identity checks with their history), the payout statements and her earnings
 * ledger account (`shows.earnings_user_id`, its ledger rows and wallet), and the audit log.
 */

type Account = { id: number; showId: number | null };

/** The address a closed performer account holds: unique, undeliverable, and naming no one. */
export const closedPerformerEmail = (id: number) => `closed-performer+${id}@invalid`;
/** No argon2 hash: no password matches it. */
const NO_PASSWORD = '!closed';

export type PerformerErasureStep = { table: string; run(tx: Tx, a: Account, now: Date): Promise<unknown> };

export const PERFORMER_ERASURE_STEPS: PerformerErasureStep[] = [
  {
    table: 'performer_sessions',
    run: (tx, a) => tx.delete(performerSessions).where(eq(performerSessions.performerId, a.id)),
  },
  {
    table: 'performer_applications',
    // Her contact and sign-up details go; the show name, the identity pictures and checks stay (2257).
    run: (tx, a) =>
      tx
        .update(performerApplications)
        .set({ emailTokenHash: null, emailTokenExpiresAt: null, locale: 'en' })
        .where(eq(performerApplications.performerId, a.id)),
  },
  {
    table: 'shows',
    // Offline for good and out of the catalogue; her profile and show texts and whereabouts go.
    run: (tx, a, now) =>
      a.showId === null
        ? Promise.resolve()
        : tx
            .update(shows)
            .set({
              online: false,
              onlineChangedAt: now,
              phoneChat: false,
              phoneChatOn: false,
              phoneExtension: null,
              withheldAt: sql`coalesce(${shows.withheldAt}, ${now.toISOString()}::timestamptz)`,
              sloganEn: '',
              sloganDe: '',
              descriptionEn: '',
              descriptionDe: '',
              city: '',
              country: '',
              lat: null,
              lon: null,
            })
            .where(eq(shows.id, a.showId)),
  },
  {
    table: 'phone_chat_forwarding',
    // The private number the phone-chat line dialled her on.
    run: (tx, a) =>
      a.showId === null
        ? Promise.resolve()
        : tx.delete(phoneChatForwarding).where(eq(phoneChatForwarding.showId, a.showId)),
  },
  {
    table: 'videos',
    run: (tx, a) =>
      a.showId === null
        ? Promise.resolve()
        : tx
            .update(videos)
            .set({ status: 'removed' })
            .where(and(eq(videos.showId, a.showId), inArray(videos.status, ['published', 'pending']))),
  },
  {
    table: 'galleries',
    run: (tx, a) =>
      a.showId === null
        ? Promise.resolve()
        : tx
            .update(galleries)
            .set({ status: 'removed' })
            .where(and(eq(galleries.showId, a.showId), inArray(galleries.status, ['published', 'pending']))),
  },
  {
    table: 'performers',
    // Last: the address is free again and no password opens the account.
    run: (tx, a, now) =>
      tx
        .update(performers)
        .set({ status: 'closed', closedAt: now, email: closedPerformerEmail(a.id), passwordHash: NO_PASSWORD })
        .where(eq(performers.id, a.id)),
  },
];

export type PerformerClosedBy = { operatorId: number; reason: string; reference: string; key: string };

/**
 * Closes and erases her account at once. Answers the sessions ended, or false when the account is
 * closed already or unknown: nothing changed.
 */
export async function closePerformer(
  db: DbOrTx,
  performerId: number,
  by: PerformerClosedBy,
  now = new Date(),
): Promise<{ sessionsEnded: number; sessionIds: string[] } | false> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: performers.id, showId: performers.showId, status: performers.status })
      .from(performers)
      .where(eq(performers.id, performerId))
      .for('update');
    if (!row || row.status === 'closed') return false;
    const live = await tx
      .select({ id: performerSessions.id })
      .from(performerSessions)
      .where(
        and(
          eq(performerSessions.performerId, row.id),
          isNull(performerSessions.revokedAt),
          gt(performerSessions.expiresAt, now),
        ),
      )
      .then((rows) => rows.map((r) => r.id));
    for (const step of PERFORMER_ERASURE_STEPS) await step.run(tx, row, now);
    await recordAudit(tx, {
      operatorId: by.operatorId,
      action: 'performer.close',
      subjectType: 'performer',
      subjectId: row.id,
      before: { status: row.status },
      after: {
        status: 'closed',
        reference: by.reference,
        sessionsEnded: live.length,
        steps: PERFORMER_ERASURE_STEPS.map((s) => s.table),
      },
      reason: by.reason,
      formKey: by.key,
    });
    return { sessionsEnded: live.length, sessionIds: live };
  });
}
