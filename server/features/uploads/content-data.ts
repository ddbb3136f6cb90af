import { sql } from 'drizzle-orm';
import type { ContentItem } from '#common/api/uploads.ts';
import type { DbOrTx } from '#server/db/client.ts';

type Row = {
  kind: 'video' | 'gallery';
  id: number;
  title_en: string;
  title_de: string;
  description_en: string;
  description_de: string;
  status: ContentItem['status'];
  price: number;
  part_prices: number[] | null;
  tags: string[] | null;
  duration: number;
  pictures: number;
  created_at: string | Date;
  reason: string | null;
  last_state: string | null;
  edit_pending: boolean;
  jobs_failed: number;
  jobs_running: number;
  jobs_queued: number;
  jobs_total: number;
  progress: number;
  error: string | null;
};

/** What the item's jobs together say: failed wins, then running, then queued; else done. */
function processing(r: Row): Pick<ContentItem, 'processing' | 'progress' | 'error'> {
  if (r.jobs_failed > 0) return { processing: 'failed', progress: 0, error: r.error };
  if (r.jobs_running > 0) return { processing: 'running', progress: Number(r.progress), error: null };
  if (r.jobs_queued > 0) return { processing: 'queued', progress: Number(r.progress), error: null };
  return { processing: 'done', progress: 100, error: null };
}

const jobs = (column: 'video_id' | 'gallery_id', id: string) =>
  sql.raw(`
  (select count(*) filter (where j.state = 'failed')::int as jobs_failed,
          count(*) filter (where j.state = 'running')::int as jobs_running,
          count(*) filter (where j.state = 'queued')::int as jobs_queued,
          count(*)::int as jobs_total,
          coalesce(avg(case when j.state = 'done' then 100 else j.progress end), 100)::int as progress,
          max(j.error) as error
   from media_jobs j where j.${column} = ${id})`);

const review = (column: 'video_id' | 'gallery_id', id: string) =>
  sql.raw(`
  (select r.state as last_state, r.reason from content_reviews r where r.${column} = ${id} and r.state <> 'open'
   order by r.id desc limit 1)`);
const editPending = (column: 'video_id' | 'gallery_id', id: string) =>
  sql.raw(
    `exists (select 1 from content_reviews r where r.${column} = ${id} and r.state = 'open' and r.edit is not null)`,
  );

/** Her show's videos and galleries, the newest first, with their status, processing and last decision. */
export async function contentOfShow(db: DbOrTx, showId: number): Promise<ContentItem[]> {
  const result = await db.execute(sql`
    select 'video' as kind, v.id, v.title_en, v.title_de, v.description_en, v.description_de, v.status,
      coalesce((select sum(p.price) from video_parts p where p.video_id = v.id), 0)::int as price,
      (select array_agg(p.price order by p.part) from video_parts p where p.video_id = v.id) as part_prices,
      (select array_agg(t.slug order by t.slug) from video_tags vt join tags t on t.id = vt.tag_id where vt.video_id = v.id) as tags,
      v.duration, 0 as pictures, v.created_at, lr.reason, lr.last_state, ${editPending('video_id', 'v.id')} as edit_pending, js.*
    from videos v
    cross join lateral ${jobs('video_id', 'v.id')} js
    left join lateral ${review('video_id', 'v.id')} lr on true
    where v.show_id = ${showId}
    union all
    select 'gallery', g.id, g.title_en, g.title_de, '', '', g.status, g.price, null, null, 0,
      (select count(*)::int from gallery_images i where i.gallery_id = g.id), g.created_at, lr.reason, lr.last_state,
      ${editPending('gallery_id', 'g.id')}, js.*
    from galleries g
    cross join lateral ${jobs('gallery_id', 'g.id')} js
    left join lateral ${review('gallery_id', 'g.id')} lr on true
    where g.show_id = ${showId}
    order by created_at desc, id desc
    limit 500`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    titleEn: r.title_en,
    titleDe: r.title_de,
    descriptionEn: r.description_en,
    descriptionDe: r.description_de,
    tags: r.tags ?? [],
    price: Number(r.price),
    partPrices: r.part_prices ?? [],
    status: r.status,
    reason: r.last_state === 'rejected' ? r.reason : null,
    editPending: r.edit_pending,
    ...processing(r),
    duration: r.duration,
    pictures: r.pictures,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
