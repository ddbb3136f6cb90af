import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DocumentKind, StudioSignupBody } from '#common/api/onboarding.ts';
import type { Locale } from '#common/constants.ts';
import { slugify } from '#common/domain/category-bar.ts';
import { ageOn } from '#common/domain/performer-age.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { showCategories, shows } from '#server/db/schema/catalog.ts';
import { performerApplications, performerRecords } from '#server/db/schema/onboarding.ts';
import { performers } from '#server/db/schema/performers.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { hashScopedToken, normalEmail } from '#server/features/session/scoped.ts';
import { documentsOpen } from './documents.ts';

/** How long the link of her confirmation mail works. */
export const EMAIL_TOKEN_TTL_MS = 7 * 24 * 3_600_000;
/** A new show's price per minute until she sets her own in the studio. */
export const NEW_SHOW_PRICE_PER_MINUTE = 100;

const hashEmailToken = (secret: string, token: string) => hashScopedToken(secret, 'performer-email', token);

export type SignUpResult =
  | { ok: true; performerId: number; emailToken: string }
  | { ok: false; refused: 'email_taken' | 'show_name_taken' };

/**
 * Makes a pending performer and her application in one transaction: no show yet (decision 030),
 * only its name held. Answers the token of her confirmation mail, shown once.
 */
export async function signUpPerformer(
  db: DbOrTx,
  secret: string,
  input: Omit<StudioSignupBody, 'password' | 'terms'> & { passwordHash: string; locale: Locale },
  now = new Date(),
): Promise<SignUpResult> {
  const emailToken = randomBytes(24).toString('base64url');
  try {
    return await db.transaction(async (tx) => {
      const [performer] = await tx
        .insert(performers)
        .values({ email: normalEmail(input.email), passwordHash: input.passwordHash, status: 'pending', showId: null })
        .returning({ id: performers.id });
      if (!performer) throw new Error('performer insert returned nothing');
      await tx.insert(performerApplications).values({
        performerId: performer.id,
        showName: input.showName,
        showNameKey: input.showName.toLowerCase(),
        languages: [...new Set(input.languages)],
        categoryIds: [...new Set(input.categories)],
        locale: input.locale,
        termsAcceptedAt: now,
        emailTokenHash: hashEmailToken(secret, emailToken),
        emailTokenExpiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
        createdAt: now,
      });
      return { ok: true as const, performerId: performer.id, emailToken };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'performers_email_unique')) return { ok: false, refused: 'email_taken' };
    if (isUniqueViolation(err, 'performer_applications_show_name')) return { ok: false, refused: 'show_name_taken' };
    throw err;
  }
}

/** Confirms her address with the mailed token: true once confirmed (again: true), false for a wrong or old token. */
export async function confirmPerformerEmail(
  db: DbOrTx,
  secret: string,
  performerId: number,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db.select().from(performerApplications).where(eq(performerApplications.performerId, performerId));
  if (!row) return false;
  if (row.emailConfirmedAt) return true;
  if (row.emailTokenHash !== hashEmailToken(secret, token)) return false;
  if (!row.emailTokenExpiresAt || row.emailTokenExpiresAt < now) return false;
  await db
    .update(performerApplications)
    .set({ emailConfirmedAt: now, emailTokenHash: null, emailTokenExpiresAt: null })
    .where(eq(performerApplications.performerId, performerId));
  return true;
}

const DOCUMENT_COLUMN = { id_front: 'idFrontKey', id_back: 'idBackKey', selfie: 'selfieKey' } as const;

/**
 * Records a stored identity picture while her application is open (no check started, or one that
 * failed); answers the key it replaced (to delete) or 'closed'.
 */
export async function setDocument(
  db: DbOrTx,
  performerId: number,
  kind: DocumentKind,
  key: string,
): Promise<{ replaced: string | null } | 'closed'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(performerApplications)
      .where(eq(performerApplications.performerId, performerId))
      .for('update');
    if (!documentsOpen(row ?? null)) return 'closed';
    if (!row) return 'closed';
    const column = DOCUMENT_COLUMN[kind];
    await tx
      .update(performerApplications)
      .set({ [column]: key })
      .where(eq(performerApplications.performerId, performerId));
    return { replaced: row[column] };
  });
}

export type RecordInput = {
  legalName: string;
  dateOfBirth: string;
  idType: string;
  idNumber: string;
  checkedOn: string;
};

/** Who decides, under which action key (unique in the audit log: a key decides once). */
type Decider = { operatorId: number; formKey?: string | null; now?: Date };

/**
 * Runs a decision under its action key: a key the audit log holds already answers `repeat` and
 * changes nothing; of two requests with one key at once, the log's unique key lets one commit.
 */
async function onceByKey<T extends { ok: true }>(
  db: DbOrTx,
  formKey: string | null | undefined,
  run: () => Promise<T | Refused>,
): Promise<T | Refused> {
  if (!formKey) return run();
  const keyUsed = async () =>
    (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.formKey, formKey)).limit(1)).length > 0;
  const repeat = { ok: false as const, refused: 'repeat' as const };
  if (await keyUsed()) return repeat;
  try {
    const result = await run();
    // Refused because a twin request under the same key decided it meanwhile: that is a repeat.
    return !result.ok && result.refused === 'state' && (await keyUsed()) ? repeat : result;
  } catch (err) {
    if (isUniqueViolation(err, 'audit_log_form_key_unique')) return repeat;
    throw err;
  }
}

type Refused = { ok: false; refused: 'state' | 'repeat' };

/**
 * Approves a pending application whose ID check passed: makes and lists her show, stores her
 * 2257 record (with the custodian of the settings), makes her active, and audits it, all in one
 * transaction. The record's content stays out of the audit log.
 */
export async function approveApplication(
  db: DbOrTx,
  performerId: number,
  record: RecordInput & { custodian: string },
  by: Decider,
): Promise<{ ok: true; showUniversalId: string; locale: string; email: string } | Refused> {
  const now = by.now ?? new Date();
  return onceByKey<{ ok: true; showUniversalId: string; locale: string; email: string }>(db, by.formKey, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({ application: performerApplications, performer: performers })
        .from(performerApplications)
        .innerJoin(performers, eq(performers.id, performerApplications.performerId))
        .where(eq(performerApplications.performerId, performerId))
        .for('update');
      if (row?.performer.status !== 'pending' || row.application.decidedAt) return { ok: false, refused: 'state' };
      if (row.application.idCheckState !== 'passed') return { ok: false, refused: 'state' };
      const { application } = row;
      const age = ageOn(record.dateOfBirth, record.checkedOn) ?? 18;
      let show: { id: number; universalId: string } | undefined;
      for (let attempt = 0; !show; attempt++) {
        try {
          [show] = await tx
            .insert(shows)
            .values({
              universalId: `1${randomInt(100_000, 999_999)}`,
              slugName: slugify(application.showName),
              showName: application.showName,
              pricePerMinute: NEW_SHOW_PRICE_PER_MINUTE,
              age,
              languages: application.languages,
              createdAt: now,
            })
            .returning({ id: shows.id, universalId: shows.universalId });
        } catch (err) {
          if (attempt < 5 && isUniqueViolation(err, 'shows_universal_id_unique')) continue;
          throw err;
        }
      }
      if (application.categoryIds.length) {
        await tx
          .insert(showCategories)
          .values(application.categoryIds.map((categoryId) => ({ showId: show.id, categoryId })))
          .onConflictDoNothing();
      }
      await tx.update(performers).set({ status: 'active', showId: show.id }).where(eq(performers.id, performerId));
      await tx.insert(performerRecords).values({
        performerId,
        legalName: record.legalName,
        dateOfBirth: record.dateOfBirth,
        idType: record.idType,
        idNumber: record.idNumber,
        checkedOn: record.checkedOn,
        custodian: record.custodian,
        recordedBy: by.operatorId,
        createdAt: now,
      });
      await tx
        .update(performerApplications)
        .set({ decidedAt: now, decidedBy: by.operatorId, rejectionReason: null })
        .where(eq(performerApplications.performerId, performerId));
      await recordAudit(tx, {
        operatorId: by.operatorId,
        action: 'performer.approve',
        subjectType: 'performer',
        subjectId: performerId,
        before: { status: 'pending' },
        after: { status: 'active', show: show.universalId, record: 'stored' },
        formKey: by.formKey ?? null,
      });
      return { ok: true, showUniversalId: show.universalId, locale: application.locale, email: row.performer.email };
    }),
  );
}

/** Rejects a pending application with the reason she is told; audited in the same transaction. */
export async function rejectApplication(
  db: DbOrTx,
  performerId: number,
  reason: string,
  by: Decider,
): Promise<{ ok: true; locale: string; email: string } | Refused> {
  const now = by.now ?? new Date();
  return onceByKey<{ ok: true; locale: string; email: string }>(db, by.formKey, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({ application: performerApplications, performer: performers })
        .from(performerApplications)
        .innerJoin(performers, eq(performers.id, performerApplications.performerId))
        .where(eq(performerApplications.performerId, performerId))
        .for('update');
      if (row?.performer.status !== 'pending' || row.application.decidedAt) return { ok: false, refused: 'state' };
      await tx
        .update(performers)
        .set({ status: 'rejected' })
        .where(and(eq(performers.id, performerId), eq(performers.status, 'pending')));
      await tx
        .update(performerApplications)
        .set({ decidedAt: now, decidedBy: by.operatorId, rejectionReason: reason })
        .where(and(eq(performerApplications.performerId, performerId), isNull(performerApplications.decidedAt)));
      await recordAudit(tx, {
        operatorId: by.operatorId,
        action: 'performer.reject',
        subjectType: 'performer',
        subjectId: performerId,
        before: { status: 'pending' },
        after: { status: 'rejected' },
        reason,
        formKey: by.formKey ?? null,
      });
      return { ok: true, locale: row.application.locale, email: row.performer.email };
    }),
  );
}
