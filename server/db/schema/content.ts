import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { shows } from './catalog.ts';
import { operators } from './operators.ts';
import { users } from './users.ts';

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a notice stands: waiting in the console's queue, or decided by a moderator. */
export const NOTICE_STATES = ['open', 'decided'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];
/** A decision on a notice: what it points at is removed, or kept. */
export const NOTICE_ACTIONS = ['remove', 'keep'] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];
/** What a decided notice does now: its content removed, or kept (each upheld complaint turns it over). */
export const NOTICE_EFFECTS = ['removed', 'kept'] as const;
export type NoticeEffect = (typeof NOTICE_EFFECTS)[number];
/** The ground of a decision (DSA Art. 17(3)(d), (e)): illegal content, a breach of the terms, or neither. */
export const NOTICE_GROUNDS = ['illegal', 'terms', 'none'] as const;
export type NoticeGround = (typeof NOTICE_GROUNDS)[number];
/** What a notice's URL points at on this site; `other` keeps an unknown URL as text. */
export const NOTICE_TARGET_KINDS = ['video', 'gallery', 'show', 'other'] as const;
export type NoticeTargetKind = (typeof NOTICE_TARGET_KINDS)[number];

/** Notices of illegal content (EU DSA Art. 16), and the moderator's decision on each. */
export const takedownNotices = pgTable(
  'takedown_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email'),
    urls: jsonb('urls').$type<string[]>().notNull(),
    category: text('category').notNull(),
    explanation: text('explanation').notNull(),
    goodFaith: boolean('good_faith').notNull(),
    status: text('status').$type<NoticeState>().notNull().default('open'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => operators.id),
    action: text('action').$type<NoticeAction>(),
    ground: text('ground').$type<NoticeGround>(),
    /** The facts and the reasoning of the decision, as the parties are told them. */
    reasoning: text('reasoning'),
    /** Whether automated means took part in the decision (DSA Art. 17(3)(c)); the console decides by hand. */
    automated: boolean('automated').notNull().default(false),
    /** The decision's effect now: set by the decision, turned over by each upheld complaint; null while open. */
    effect: text('effect').$type<NoticeEffect>(),
  },
  (t) => [
    index('takedown_status').on(t.status, t.createdAt),
    check('takedown_status_known', sql`${t.status} in ('open', 'decided')`),
    check(
      'takedown_decision_whole',
      sql`(${t.status} = 'open') = (${t.decidedAt} is null and ${t.action} is null and ${t.ground} is null and ${t.reasoning} is null)`,
    ),
    check(
      'takedown_effect_known',
      sql`(${t.status} = 'open') = (${t.effect} is null) and (${t.effect} is null or ${t.effect} in ('removed', 'kept'))`,
    ),
  ],
);

/** What each URL of a notice points at, resolved when it arrives (a video, gallery or show here, or other). */
export const noticeTargets = pgTable(
  'notice_targets',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => takedownNotices.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    kind: text('kind').$type<NoticeTargetKind>().notNull(),
    /** videos.id, galleries.id or shows.id by kind; null for `other`. */
    targetId: integer('target_id'),
    /**
     * A video's or gallery's status before this notice removed it (`published`, `pending`, ...), so
     * that an upheld complaint returns it there; null while this notice has not removed it.
     */
    priorStatus: text('prior_status'),
    /** The show the content belongs to (its performer is the one told); null for `other`. */
    showId: integer('show_id').references(() => shows.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('notice_targets_notice').on(t.noticeId),
    index('notice_targets_target').on(t.kind, t.targetId),
    check('notice_targets_kind_known', sql`${t.kind} in ('video', 'gallery', 'show', 'other')`),
  ],
);

/**
 * Statements of reasons (EU DSA Art. 17): one per show whose content a decision restricted, kept
 * as sent, so the performer reads in her studio what her mail said.
 */
export const statementsOfReasons = pgTable(
  'statements_of_reasons',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => takedownNotices.id, { onDelete: 'cascade' }),
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** What was restricted: kind, id and title at the time. */
    restricted: jsonb('restricted').$type<{ kind: NoticeTargetKind; id: number; title: string }[]>().notNull(),
    ground: text('ground').$type<NoticeGround>().notNull(),
    reasoning: text('reasoning').notNull(),
    automated: boolean('automated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('statements_notice_show').on(t.noticeId, t.showId), index('statements_show').on(t.showId)],
);

export const COMPLAINT_PARTIES = ['performer', 'notifier'] as const;
export type ComplaintParty = (typeof COMPLAINT_PARTIES)[number];
export const COMPLAINT_STATES = ['open', 'upheld', 'rejected'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

/**
 * Complaints about a decision (EU DSA Art. 20), by the performer (from her studio) or the notifier
 * (from the link of the decision mail): one per party and notice, decided by another moderator.
 */
export const noticeComplaints = pgTable(
  'notice_complaints',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => takedownNotices.id, { onDelete: 'cascade' }),
    party: text('party').$type<ComplaintParty>().notNull(),
    /** The complaining performer's show; null for the notifier. */
    showId: integer('show_id').references(() => shows.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status').$type<ComplaintState>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => operators.id),
    reasoning: text('reasoning'),
  },
  (t) => [
    uniqueIndex('notice_complaints_once').on(t.noticeId, t.party, sql`coalesce(${t.showId}, 0)`),
    index('notice_complaints_status').on(t.status, t.createdAt),
    check('notice_complaints_party_known', sql`${t.party} in ('performer', 'notifier')`),
    check('notice_complaints_status_known', sql`${t.status} in ('open', 'upheld', 'rejected')`),
  ],
);

/**
 * The content pages' texts as operators edited them in the console, one per page and language
 * (common/domain/content-text.ts). A page without a row shows the release's text.
 */
export const contentTexts = pgTable(
  'content_texts',
  {
    page: text('page').notNull(),
    locale: text('locale').notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => operators.id),
  },
  (t) => [
    primaryKey({ columns: [t.page, t.locale] }),
    check('content_texts_locale_known', sql`${t.locale} in ('en', 'de')`),
  ],
);

/** Client error batches (spec part 1: client error log). */
export const clientLogs = pgTable('client_logs', {
  id: serial('id').primaryKey(),
  sessionId: text('session_id'),
  userId: integer('user_id'),
  version: text('version').notNull(),
  level: integer('level').notNull(),
  message: text('message').notNull(),
  userAgent: text('user_agent'),
  prevRoute: text('prev_route'),
  currentRoute: text('current_route'),
  objects: jsonb('objects').$type<unknown[]>(),
  clientCreated: text('client_created'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
