import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';
import { performers } from './performers.ts';

export const ID_CHECK_STATES = ['none', 'started', 'pending', 'passed', 'failed'] as const;
export type IdCheckState = (typeof ID_CHECK_STATES)[number];

/**
 * A performer's application (sign-up at /studio/signup): the show she asks for, her identity
 * documents in private storage, the ID provider's result and the moderator's decision. The show
 * itself is made only at approval (decision 030); its name is held here meanwhile.
 */
export const performerApplications = pgTable(
  'performer_applications',
  {
    performerId: integer('performer_id')
      .primaryKey()
      .references(() => performers.id, { onDelete: 'cascade' }),
    showName: text('show_name').notNull(),
    /** Lower case: one applicant per name, whatever the case. */
    showNameKey: text('show_name_key').notNull(),
    /** ISO 639-1 codes. */
    languages: text('languages').array().notNull(),
    categoryIds: integer('category_ids').array().notNull(),
    /** Her language, for the mails about her application. */
    locale: text('locale').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    /** Keyed hash of the e-mail confirmation token; null once confirmed. */
    emailTokenHash: text('email_token_hash'),
    emailTokenExpiresAt: timestamp('email_token_expires_at', { withTimezone: true }),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Private storage keys (identity/…), never public media. */
    idFrontKey: text('id_front_key'),
    idBackKey: text('id_back_key'),
    selfieKey: text('selfie_key'),
    idCheckProvider: text('id_check_provider'),
    /** Our reference at the provider (its callback names it). */
    idCheckRef: text('id_check_ref'),
    idCheckState: text('id_check_state').$type<IdCheckState>().notNull().default('none'),
    /** The provider's reason for a failed check (a code). */
    idCheckReason: text('id_check_reason'),
    idCheckUpdatedAt: timestamp('id_check_updated_at', { withTimezone: true }),
    /** When she started the check: from then on the application waits for a moderator. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => operators.id, { onDelete: 'set null' }),
    /** What the moderator told her (she sees it in her studio and by mail). */
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('performer_applications_show_name').on(t.showNameKey),
    uniqueIndex('performer_applications_check_ref').on(t.idCheckProvider, t.idCheckRef),
    uniqueIndex('performer_applications_email_token').on(t.emailTokenHash),
    index('performer_applications_queue').on(t.submittedAt).where(sql`${t.decidedAt} is null`),
    check(
      'performer_applications_check_state',
      sql`${t.idCheckState} in ('none', 'started', 'pending', 'passed', 'failed')`,
    ),
  ],
);

/**
 * Every identity check she started, one row per provider session: the application holds the
 * current one, this the history the console shows and the count of attempts her studio limits
 * (common/domain/id-check-attempts.ts). A late report about an earlier attempt lands here only.
 */
export const idCheckAttempts = pgTable(
  'id_check_attempts',
  {
    id: serial('id').primaryKey(),
    performerId: integer('performer_id')
      .notNull()
      .references(() => performers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Our reference at the provider (its callback names it). */
    reference: text('reference').notNull(),
    /** The provider's own id of the session (Veriff's), for its status API; null until it answered. */
    providerSession: text('provider_session'),
    state: text('state').$type<IdCheckState>().notNull().default('started'),
    /** The provider's reason for a failed attempt (a code of ID_CHECK_REASONS). */
    reason: text('reason'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('id_check_attempts_reference').on(t.provider, t.reference),
    index('id_check_attempts_performer').on(t.performerId, t.startedAt),
    check('id_check_attempts_state', sql`${t.state} in ('started', 'pending', 'passed', 'failed')`),
  ],
);

/** Provider events already applied (replay protection of the ID-check callback). */
export const idCheckEvents = pgTable(
  'id_check_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('id_check_events_unique').on(t.provider, t.eventId)],
);

/**
 * The 18 U.S.C. 2257 record of an approved performer: entered and confirmed by the moderator at
 * approval, readable only by administrators (capability `records`). Never logged, never in a
 * presenter of another audience.
 */
export const performerRecords = pgTable('performer_records', {
  performerId: integer('performer_id')
    .primaryKey()
    .references(() => performers.id, { onDelete: 'restrict' }),
  legalName: text('legal_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  idType: text('id_type').notNull(),
  idNumber: text('id_number').notNull(),
  checkedOn: date('checked_on', { mode: 'string' }).notNull(),
  custodian: text('custodian').notNull(),
  recordedBy: integer('recorded_by').references(() => operators.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox ID provider's own books (what a real provider keeps on its side): each check it
 * opened, its state and result, for its status API.
 */
export const sandboxIdChecks = pgTable('sandbox_id_checks', {
  reference: text('reference').primaryKey(),
  state: text('state').notNull().default('open'),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
