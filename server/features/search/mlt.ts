import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries, showTags, videos, videoTags } from '#server/db/schema/catalog.ts';
import { parseSearch } from './text-match.ts';

/**
 * More like this: items sharing the most tags and the same show first, then those with similar
 * titles, newest first among equals; never the item itself. Answers null for
 * an unknown item. Each kind of likeness contributes a bounded set of candidates from its index
 * (the same show; the ones sharing the most tags; titles sharing a word), and only those few
 * hundred are ranked, by trigram similarity of the titles last: a popular tag or word is shared
 * by thousands of videos.
 */

/** Candidates each kind of likeness contributes at most. */
const CANDIDATES = 300;

const none = sql`(select null::int where false)`;

/**
 * Titles sharing a word with this one (any of its words, in the titles' lexemes): from the
 * full-text index, so that a bounded number of them is found without a similarity for every row.
 */
function titleWords(title: string): SQL {
  const words = parseSearch(title)?.words ?? [];
  const query = words.map((w) => `${w}:A`).join(' | ');
  return sql`(to_tsquery('english'::regconfig, ${query}::text) || to_tsquery('german'::regconfig, ${query}::text))`;
}

export async function videosLike(db: DbOrTx, ccid: number, limit: number): Promise<number[] | null> {
  const [me] = await db
    .select({ id: videos.id, showId: videos.showId, title: videos.titleEn })
    .from(videos)
    .where(and(eq(videos.ccid, ccid), eq(videos.status, 'published')))
    .limit(1);
  if (!me) return null;
  const title = me.title.toLowerCase();
  const tagIds = (await db.select({ id: videoTags.tagId }).from(videoTags).where(eq(videoTags.videoId, me.id))).map(
    (r) => r.id,
  );
  const byTags: SQL = tagIds.length
    ? sql`(select ${videoTags.videoId} from ${videoTags} where ${inArray(videoTags.tagId, tagIds)}
        and ${videoTags.videoId} <> ${me.id} group by ${videoTags.videoId}
        order by count(*) desc, ${videoTags.videoId} desc limit ${CANDIDATES})`
    : none;
  const shared: SQL = tagIds.length
    ? sql`(select count(*) from ${videoTags} where ${videoTags.videoId} = ${videos.id} and ${inArray(videoTags.tagId, tagIds)})`
    : sql`0::int`; // cast: a bare 0 in ORDER BY would name a select column, not a value
  const candidates = sql`(
    (select ${videos.id} from ${videos} where ${videos.showId} = ${me.showId} and ${videos.id} <> ${me.id} limit ${CANDIDATES})
    union ${byTags}
    union (select ${videos.id} from ${videos} where ${videos.search} @@ ${titleWords(me.title)} and ${videos.id} <> ${me.id} limit ${CANDIDATES}))`;
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(sql`${videos.id} in ${candidates}`, eq(videos.status, 'published')))
    .orderBy(
      sql`${shared} desc`,
      sql`(${videos.showId} = ${me.showId}) desc`,
      sql`similarity(lower(${videos.titleEn}), ${title}::text) desc`,
      sql`${videos.createdAt} desc`,
      sql`${videos.id} desc`,
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Galleries have no tags of their own: their show's tags stand for them. */
export async function galleriesLike(db: DbOrTx, galleryId: number, limit: number): Promise<number[] | null> {
  const [me] = await db
    .select({ id: galleries.id, showId: galleries.showId, title: galleries.titleEn })
    .from(galleries)
    .where(and(eq(galleries.id, galleryId), eq(galleries.status, 'published')))
    .limit(1);
  if (!me) return null;
  const title = me.title.toLowerCase();
  const tagIds = (await db.select({ id: showTags.tagId }).from(showTags).where(eq(showTags.showId, me.showId))).map(
    (r) => r.id,
  );
  // The shows sharing the most tags, and their galleries.
  const byTags: SQL = tagIds.length
    ? sql`(select ${galleries.id} from ${galleries} where ${galleries.showId} in (
        select ${showTags.showId} from ${showTags} where ${inArray(showTags.tagId, tagIds)} and ${showTags.showId} <> ${me.showId}
        group by ${showTags.showId} order by count(*) desc, ${showTags.showId} desc limit ${CANDIDATES / 3})
      limit ${CANDIDATES})`
    : none;
  const shared: SQL = tagIds.length
    ? sql`(select count(*) from ${showTags} where ${showTags.showId} = ${galleries.showId} and ${inArray(showTags.tagId, tagIds)})`
    : sql`0::int`; // cast: a bare 0 in ORDER BY would name a select column, not a value
  const candidates = sql`(
    (select ${galleries.id} from ${galleries} where ${galleries.showId} = ${me.showId} and ${galleries.id} <> ${me.id} limit ${CANDIDATES})
    union ${byTags}
    union (select ${galleries.id} from ${galleries} where ${galleries.search} @@ ${titleWords(me.title)} and ${galleries.id} <> ${me.id} limit ${CANDIDATES}))`;
  const rows = await db
    .select({ id: galleries.id })
    .from(galleries)
    .where(and(sql`${galleries.id} in ${candidates}`, eq(galleries.status, 'published')))
    .orderBy(
      sql`(${galleries.showId} = ${me.showId}) desc`,
      sql`${shared} desc`,
      sql`similarity(lower(${galleries.titleEn}), ${title}::text) desc`,
      sql`${galleries.createdAt} desc`,
      sql`${galleries.id} desc`,
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
