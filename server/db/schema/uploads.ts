import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { galleries, videos } from './catalog.ts';
import { performers } from './performers.ts';

/**
 * A file a performer sends from her studio in chunks (decision 031): created with its size, type
 * and name, filled at `offset` by PATCH requests, its bytes on disk under UPLOAD_DIR/<id>.part
 * (never in the database). `receiving` until the last byte; then checked by its content:
 * `ready` (a video or picture of an accepted kind) or refused on the spot. `used` once a video or
 * gallery took it. Untouched for UPLOAD_ABANDON_HOURS, it is deleted with its file.
 */
export const UPLOAD_KINDS = ['video', 'picture'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_STATES = ['receiving', 'ready', 'used'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export const uploads = pgTable(
  'uploads',
  {
    /** Random, unguessable (128 bits, hex). */
    id: text('id').primaryKey(),
    performerId: integer('performer_id')
      .notNull()
      .references(() => performers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UploadKind>().notNull(),
    /** The file's name as her device named it (shown to her only). */
    name: text('name').notNull(),
    /** The type her browser declared; the content decides (`format` once checked). */
    declaredType: text('declared_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    state: text('state').$type<UploadState>().notNull().default('receiving'),
    /** What the content turned out to be: mp4, webm, jpeg, png, webp. */
    format: text('format'),
    /** Seconds, from ffprobe (videos). */
    duration: doublePrecision('duration'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last chunk (or the creation): what the abandoned-upload sweep looks at. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * While a chunk is being written: when its claim ends. One chunk at a time per upload, whichever
     * process receives it; a claim left by a process that died lapses at this time.
     */
    writingUntil: timestamp('writing_until', { withTimezone: true }),
  },
  (t) => [
    index('uploads_performer').on(t.performerId, t.state),
    index('uploads_touched').on(t.touchedAt),
    check('uploads_kind_known', sql`${t.kind} in ('video', 'picture')`),
    check('uploads_state_known', sql`${t.state} in ('receiving', 'ready', 'used')`),
    check('uploads_offset_in_size', sql`${t.offset} >= 0 and ${t.offset} <= ${t.size}`),
  ],
);

/** Where she wants her video cut: each part starts at `start` seconds; price in coins, 0 = free. */
export type PartPlan = { start: number; price: number }[];

export const MEDIA_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type MediaJobState = (typeof MEDIA_JOB_STATES)[number];

/**
 * The background work that turns an upload into what the catalogue serves: a video's clips and
 * poster (ffmpeg), a gallery picture's sizes (sharp). One at a time per process, the oldest
 * first; a job left `running` past its lease (the process died) is taken up again, up to
 * MEDIA_JOB_ATTEMPTS times, then `failed` with the reason.
 */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: serial('id').primaryKey(),
    performerId: integer('performer_id')
      .notNull()
      .references(() => performers.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id').notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'cascade' }),
    /** The picture's place in its gallery. */
    position: integer('position').notNull().default(0),
    parts: jsonb('parts').$type<PartPlan>(),
    state: text('state').$type<MediaJobState>().notNull().default('queued'),
    /** 0-100 while running. */
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Why it failed, in words for the performer and the moderators (English, from the processor). */
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_jobs_queue').on(t.state, t.id),
    index('media_jobs_video').on(t.videoId),
    index('media_jobs_gallery').on(t.galleryId),
    check('media_jobs_state_known', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check('media_jobs_one_target', sql`(${t.videoId} is null) <> (${t.galleryId} is null)`),
  ],
);

/** A change of a published item's texts or price, waiting for review (the published version stays). */
export type ContentEdit = {
  titleEn: string;
  titleDe: string;
  descriptionEn?: string;
  descriptionDe?: string;
  /** Gallery price; video part prices by part number. */
  price?: number;
  partPrices?: number[];
  tags?: string[];
};

export const REVIEW_STATES = ['open', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/**
 * The moderators' queue: a new video or gallery (`edit` null) or a change of a published one
 * (`edit` holds it) waiting for a decision. A rejection carries the reason to the performer.
 */
export const contentReviews = pgTable(
  'content_reviews',
  {
    id: serial('id').primaryKey(),
    performerId: integer('performer_id')
      .notNull()
      .references(() => performers.id, { onDelete: 'cascade' }),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'cascade' }),
    edit: jsonb('edit').$type<ContentEdit>(),
    state: text('state').$type<ReviewState>().notNull().default('open'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_reviews_open').on(t.state, t.createdAt, t.id),
    index('content_reviews_video').on(t.videoId, t.id),
    index('content_reviews_gallery').on(t.galleryId, t.id),
    check('content_reviews_state_known', sql`${t.state} in ('open', 'approved', 'rejected')`),
    check('content_reviews_one_target', sql`(${t.videoId} is null) <> (${t.galleryId} is null)`),
  ],
);
