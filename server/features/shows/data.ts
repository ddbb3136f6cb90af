import { and, asc, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { ShowFilter } from '#common/api/shows.ts';
import { type Locale, OWN_PROVIDER } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { categories, promos, showCategories, shows, showTags, tags } from '#server/db/schema/catalog.ts';
import { presentShowTile } from './present.ts';

/**
 * What the catalogue offers, by this server's configuration: partner shows (content provider
 * above 1) only while a partner runs their chat (decision 061), since without it their chat could
 * never open.
 */
export type Catalogue = { partnerShows: boolean };

/**
 * The shows the catalogue lists and shows: never one a notice decision took off (decision 032),
 * nor a partner show the catalogue does not offer.
 */
export const listed = (c: Catalogue): SQL =>
  c.partnerShows
    ? isNull(shows.withheldAt)
    : sql`${shows.withheldAt} is null and ${shows.contentproviderId} = ${OWN_PROVIDER}`;

/** Ids from 1001 up are search categories (spec part 2 "Categories"). */
export const SEARCH_CATEGORY_FROM = 1001;
/** Category 1 is the hidden "all shows" category: it filters nothing. */
export const ALL_SHOWS_CATEGORY = 1;

/**
 * What a tile needs, in one row per show: the preview ids (main image first, then by position)
 * and whether a promo runs come from correlated subqueries on their indexes, so a page is one query.
 * The subqueries name the outer table "shows": select these from `shows` without an alias.
 */
export const showTileColumns = {
  id: shows.id,
  universalId: shows.universalId,
  slugName: shows.slugName,
  showName: shows.showName,
  online: shows.online,
  contentproviderId: shows.contentproviderId,
  sloganEn: shows.sloganEn,
  sloganDe: shows.sloganDe,
  descriptionEn: shows.descriptionEn,
  descriptionDe: shows.descriptionDe,
  free: shows.free,
  exclusive: shows.exclusive,
  pricePerMinute: shows.pricePerMinute,
  priceFactorExclusive: shows.priceFactorExclusive,
  age: shows.age,
  languages: shows.languages,
  city: shows.city,
  country: shows.country,
  rating: shows.rating,
  ratingCount: shows.ratingCount,
  sound: shows.sound,
  phoneChat: shows.phoneChat,
  phoneExtension: shows.phoneExtension,
  phoneChatOn: shows.phoneChatOn,
  phoneChatConnecting: shows.phoneChatConnecting,
  phoneChatBusy: shows.phoneChatBusy,
  createdAt: shows.createdAt,
  previews: sql<
    number[]
  >`coalesce((select array_agg(i.id order by i.id = "shows"."main_image_id" desc nulls last, i.position, i.id) from show_images i where i.show_id = "shows"."id"), '{}'::int[])`,
  promoRunning: sql<boolean>`exists (select 1 from promos p where p.show_id = "shows"."id" and p.starts_at <= now() and p.stops_at > now())`,
};

export type ShowTileRow = {
  id: number;
  universalId: string;
  slugName: string;
  showName: string;
  online: boolean;
  contentproviderId: number;
  sloganEn: string;
  sloganDe: string;
  descriptionEn: string;
  descriptionDe: string;
  free: boolean;
  exclusive: number;
  pricePerMinute: number;
  priceFactorExclusive: number;
  age: number;
  languages: string[];
  city: string;
  country: string;
  rating: number;
  ratingCount: number;
  sound: boolean;
  phoneChat: boolean;
  phoneExtension: string | null;
  phoneChatOn: boolean;
  phoneChatConnecting: boolean;
  phoneChatBusy: boolean;
  createdAt: Date;
  previews: number[];
  promoRunning: boolean;
};

/** The list order: online first, then position (higher first), then the oldest id. */
const listOrder = [desc(shows.online), desc(shows.position), asc(shows.id)];

const inCategory = (categoryId: number | null): SQL | undefined =>
  categoryId === null
    ? undefined
    : sql`exists (select 1 from show_categories sc where sc.show_id = "shows"."id" and sc.category_id = ${categoryId})`;

/** A running promo of the outer row "shows" (the ribbon's condition). */
const promoRunsNow = sql`exists (select 1 from promos p where p.show_id = "shows"."id" and p.starts_at <= now() and p.stops_at > now())`;

/** The narrower lists: free chat online now, or a running promo (null: no filter). */
const byFilter = (filter: ShowFilter | null): SQL | undefined => {
  if (filter === 'free') return and(eq(shows.free, true), eq(shows.online, true));
  if (filter === 'promo') return promoRunsNow;
  return undefined;
};

/**
 * The rows of shows with these ids, in the order of `ids`; missing ids are skipped, and with
 * `listedIn` also shows that catalogue does not list.
 */
export async function showTileRowsByIds(
  db: DbOrTx,
  ids: number[],
  opts: { listedIn?: Catalogue } = {},
): Promise<ShowTileRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select(showTileColumns)
    .from(shows)
    .where(and(inArray(shows.id, unique), opts.listedIn ? listed(opts.listedIn) : undefined));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** Show tiles by id, in the order of `ids` (missing ids skipped): search, favorites, history, archive. */
export async function showTilesByIds(
  db: DbOrTx,
  ids: number[],
  locale: Locale,
  phoneChatLine: boolean,
  opts: { listedIn?: Catalogue } = {},
) {
  const now = new Date();
  return (await showTileRowsByIds(db, ids, opts)).map((row) => presentShowTile(row, locale, { now, phoneChatLine }));
}

/** One slice of the list (`offset`, `limit`), optionally of one category (null: every show) and filter. */
export async function listShowRows(
  db: DbOrTx,
  catalogue: Catalogue,
  opts: { categoryId: number | null; filter?: ShowFilter | null; offset: number; limit: number },
): Promise<ShowTileRow[]> {
  // The page's ids first (an index scan and a top-N sort), so that the previews and promo
  // subqueries run for the page's rows only, not for every row an offset skips.
  const page = db
    .select({ id: shows.id })
    .from(shows)
    .where(and(listed(catalogue), inCategory(opts.categoryId), byFilter(opts.filter ?? null)))
    .orderBy(...listOrder)
    .limit(opts.limit)
    .offset(opts.offset);
  return db
    .select(showTileColumns)
    .from(shows)
    .where(inArray(shows.id, page))
    .orderBy(...listOrder);
}

/**
 * How many shows the list has (of a category of a catalogue with every show: its assignments,
 * which reference live shows).
 */
export async function countShows(
  db: DbOrTx,
  catalogue: Catalogue,
  categoryId: number | null,
  filter: ShowFilter | null = null,
): Promise<number> {
  const n = sql<number>`count(*)::int`;
  const [row] =
    filter || categoryId === null || !catalogue.partnerShows
      ? await db
          .select({ n })
          .from(shows)
          .where(and(listed(catalogue), inCategory(categoryId), byFilter(filter)))
      : await db
          .select({ n })
          .from(showCategories)
          .where(
            and(
              eq(showCategories.categoryId, categoryId),
              sql`not exists (select 1 from shows s where s.id = ${showCategories.showId} and s.withheld_at is not null)`,
            ),
          );
  return Number(row?.n ?? 0);
}

export type CategoryRow = typeof categories.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

/** Every category, in the bar's order. */
export function allCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export function allTags(db: DbOrTx): Promise<TagRow[]> {
  return db.select().from(tags).orderBy(asc(tags.slug));
}

export type PromoRow = {
  id: number;
  universalId: string;
  titleEn: string;
  titleDe: string;
  percent: number;
  stopsAt: Date;
};

const promoColumns = {
  id: promos.id,
  universalId: shows.universalId,
  titleEn: promos.titleEn,
  titleDe: promos.titleDe,
  percent: promos.percent,
  stopsAt: promos.stopsAt,
};
const running = () => and(lte(promos.startsAt, sql`now()`), gt(promos.stopsAt, sql`now()`));

/** Promos running now of the catalogue's shows, the one that stops first first. */
export function runningPromos(db: DbOrTx, catalogue: Catalogue, limit = 1000): Promise<PromoRow[]> {
  return db
    .select(promoColumns)
    .from(promos)
    .innerJoin(shows, eq(shows.id, promos.showId))
    .where(and(running(), listed(catalogue)))
    .orderBy(asc(promos.stopsAt), asc(promos.id))
    .limit(limit);
}

export type ShowDetailRow = ShowTileRow & {
  isFavorite: boolean;
  categoryIds: number[];
  videoCount: number;
  galleryCount: number;
  freeGalleryId: number | null;
  messagePrice: number;
};

/** The show page's row by universal id (null when unknown or not listed); `userId` decides isFavorite. */
export async function showDetailRow(
  db: DbOrTx,
  catalogue: Catalogue,
  universalId: string,
  userId: number | null,
): Promise<ShowDetailRow | null> {
  const [row] = await db
    .select({
      ...showTileColumns,
      isFavorite:
        userId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from favorites f where f.show_id = "shows"."id" and f.user_id = ${userId})`,
      categoryIds: sql<
        number[]
      >`coalesce((select array_agg(sc.category_id order by sc.category_id) from show_categories sc where sc.show_id = "shows"."id"), '{}'::int[])`,
      videoCount: sql<number>`(select count(*)::int from videos v where v.show_id = "shows"."id" and v.status = 'published')`,
      galleryCount: sql<number>`(select count(*)::int from galleries g where g.show_id = "shows"."id" and g.status = 'published')`,
      freeGalleryId: sql<
        number | null
      >`(select g.id from galleries g where g.show_id = "shows"."id" and g.free and g.status = 'published' order by g.id limit 1)`,
      messagePrice: shows.messagePrice,
    })
    .from(shows)
    .where(and(eq(shows.universalId, universalId), listed(catalogue)));
  return row ?? null;
}

/** A show's tags, by slug. */
export function showTagRows(db: DbOrTx, showId: number): Promise<TagRow[]> {
  return db
    .select({ id: tags.id, slug: tags.slug, nameEn: tags.nameEn, nameDe: tags.nameDe })
    .from(showTags)
    .innerJoin(tags, eq(tags.id, showTags.tagId))
    .where(eq(showTags.showId, showId))
    .orderBy(asc(tags.slug));
}

/** The show's running promo that stops first, if any. */
export async function showPromo(db: DbOrTx, showId: number): Promise<PromoRow | null> {
  const [row] = await db
    .select(promoColumns)
    .from(promos)
    .innerJoin(shows, eq(shows.id, promos.showId))
    .where(and(eq(promos.showId, showId), running()))
    .orderBy(asc(promos.stopsAt), asc(promos.id))
    .limit(1);
  return row ?? null;
}

/** The internal id of a show by its universal id, or null. */
export async function showIdOf(db: DbOrTx, universalId: string): Promise<number | null> {
  const [row] = await db.select({ id: shows.id }).from(shows).where(eq(shows.universalId, universalId));
  return row?.id ?? null;
}

/** The id of a show members may reach (one the catalogue lists); null otherwise. */
export async function listedShowIdOf(db: DbOrTx, catalogue: Catalogue, universalId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: shows.id })
    .from(shows)
    .where(and(eq(shows.universalId, universalId), listed(catalogue)));
  return row?.id ?? null;
}

/** Performers for the studio console: by name (case-insensitive part), online first, then name. */
export function studioShows(db: DbOrTx, search: string, limit: number) {
  const needle = search.trim().toLowerCase();
  return db
    .select({
      id: shows.id,
      universalId: shows.universalId,
      showName: shows.showName,
      online: shows.online,
      phoneChat: shows.phoneChat,
      phoneChatOn: shows.phoneChatOn,
    })
    .from(shows)
    .where(needle ? sql`strpos(lower(${shows.showName}), ${needle}) > 0` : undefined)
    .orderBy(desc(shows.online), asc(shows.showName), asc(shows.id))
    .limit(limit);
}

/** How many performers the studio console's search finds. */
export async function studioShowCount(db: DbOrTx, search: string): Promise<number> {
  const needle = search.trim().toLowerCase();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shows)
    .where(needle ? sql`strpos(lower(${shows.showName}), ${needle}) > 0` : undefined);
  return Number(row?.n ?? 0);
}

/** One performer for the studio console by universal id, or null. */
export async function studioShow(db: DbOrTx, universalId: string) {
  const [row] = await db
    .select({ id: shows.id, universalId: shows.universalId, showName: shows.showName, online: shows.online })
    .from(shows)
    .where(eq(shows.universalId, universalId));
  return row ?? null;
}
