import { z } from 'zod';
import {
  CONTENT_PRICE_MAX,
  DESCRIPTION_MAX,
  GALLERY_PICTURES_MAX,
  TAGS_MAX,
  TITLE_MAX,
  VIDEO_PARTS_MAX,
} from '../domain/uploads.ts';
import { expects, multiLine, REQUIRED, requiredString, singleLine } from './fields.ts';

const INVALID = 'errors.validations.invalid';
const RANGE = 'errors.validations.whole_number_range';

/** POST /api/studio/uploads: announce a file (its size in bytes, declared type and name). */
export const createUploadBody = z.strictObject({
  kind: z.enum(['video', 'picture'], { error: INVALID }),
  size: z.number(expects('integer')).int(INVALID).min(1, INVALID).max(Number.MAX_SAFE_INTEGER, INVALID),
  type: singleLine(expects('text')).max(100, 'errors.validations.too_long'),
  name: singleLine(expects('text')).trim().min(1, REQUIRED).max(255, 'errors.validations.too_long'),
});

export const uploadState = z.object({
  id: z.string(),
  kind: z.enum(['video', 'picture']),
  name: z.string(),
  size: z.number(),
  offset: z.number(),
  state: z.enum(['receiving', 'ready', 'used']),
});
export type UploadState = z.infer<typeof uploadState>;

export const uploadParams = z.object({ id: singleLine().regex(/^[0-9a-f]{32}$/, INVALID) });

const price = z.number({ error: RANGE }).int(RANGE).min(0, RANGE).max(CONTENT_PRICE_MAX, RANGE);
const tags = z
  .array(
    singleLine()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,40}$/, INVALID),
    { error: INVALID },
  )
  .max(TAGS_MAX, 'errors.validations.too_long');
const texts = {
  titleEn: requiredString(TITLE_MAX),
  titleDe: requiredString(TITLE_MAX),
  descriptionEn: multiLine().trim().max(DESCRIPTION_MAX, 'errors.validations.too_long').default(''),
  descriptionDe: multiLine().trim().max(DESCRIPTION_MAX, 'errors.validations.too_long').default(''),
  tags: tags.default([]),
};

/** POST /api/studio/content/videos: a received video with its texts and the parts it is cut into. */
export const submitVideoBody = z.strictObject({
  uploadId: uploadParams.shape.id,
  ...texts,
  /** Each part: where it starts (seconds; the first at 0) and its price in coins (0 = free). */
  parts: z
    .array(
      z.strictObject({
        start: z.number({ error: INVALID }).min(0, INVALID).max(86_400, INVALID),
        price,
      }),
      { error: INVALID },
    )
    .min(1, REQUIRED)
    .max(VIDEO_PARTS_MAX, 'errors.validations.too_long'),
});
export type SubmitVideoBody = z.input<typeof submitVideoBody>;

/** POST /api/studio/content/galleries: received pictures as a gallery with its titles and price. */
export const submitGalleryBody = z.strictObject({
  uploadIds: z.array(uploadParams.shape.id, { error: INVALID }).min(1, REQUIRED).max(GALLERY_PICTURES_MAX, INVALID),
  titleEn: texts.titleEn,
  titleDe: texts.titleDe,
  /** A gallery is sold (the show's free gallery is another thing): at least one coin. */
  price: price.min(1, RANGE),
});
export type SubmitGalleryBody = z.input<typeof submitGalleryBody>;

/** PATCH /api/studio/content/{videos|galleries}/:id: new texts and prices, reviewed before they show. */
export const editContentBody = z.strictObject({
  titleEn: texts.titleEn,
  titleDe: texts.titleDe,
  descriptionEn: texts.descriptionEn,
  descriptionDe: texts.descriptionDe,
  tags: texts.tags,
  price: price.optional(),
  partPrices: z.array(price, { error: INVALID }).max(VIDEO_PARTS_MAX, INVALID).optional(),
});

export const contentItem = z.object({
  kind: z.enum(['video', 'gallery']),
  id: z.number(),
  titleEn: z.string(),
  titleDe: z.string(),
  descriptionEn: z.string(),
  descriptionDe: z.string(),
  tags: z.array(z.string()),
  price: z.number(),
  partPrices: z.array(z.number()),
  status: z.enum(['pending', 'published', 'rejected', 'removed']),
  /** The moderator's reason of the last rejection (of the item or of an edit). */
  reason: z.string().nullable(),
  /** An edit waiting for review. */
  editPending: z.boolean(),
  /** Processing: queued, running (with progress), failed (with its reason) or done. */
  processing: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number(),
  error: z.string().nullable(),
  duration: z.number(),
  pictures: z.number(),
  createdAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItem>;
export const contentList = z.object({ data: z.array(contentItem) });
export type ContentList = z.infer<typeof contentList>;
export const contentParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
