import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/*
 * The catalogue bench/catalog.ts measures: made-up shows, videos and galleries with German and
 * English words, filled in by set-based SQL.
 */

/** How many of each the catalogue holds. */
export const SIZE = { shows: 10_000, videos: 100_000, galleries: 20_000 } as const;

const list = (items: readonly string[]) =>
  sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);
const FIRST_NAMES =
  'Annabella Lena Jasmin Sophie Mia Emma Hannah Lea Marie Laura Julia Sarah Lisa Nina Anna Vanessa Jessica Melanie Sabrina Nadine Katharina Christina Franziska Theresa Valentina Isabella Chiara Bianca Carmen Daniela Elena Fiona Greta Helena Ivana Jana Kira Luisa Maya Natalie Olivia Paula Rebecca Selina Tamara Ursula Vivien Wanda Xenia Yvonne Zoe Alina Bella Celine Diana Eva Felicitas Gina Heidi Ines'.split(
    ' ',
  );
const CITIES: Array<[string, string, number, number]> = [
  ['Berlin', 'DE', 52.52, 13.405],
  ['Hamburg', 'DE', 53.551, 9.993],
  ['München', 'DE', 48.137, 11.575],
  ['Köln', 'DE', 50.937, 6.96],
  ['Wien', 'AT', 48.208, 16.373],
  ['Zürich', 'CH', 47.376, 8.541],
  ['Leipzig', 'DE', 51.339, 12.373],
  ['Prague', 'CZ', 50.075, 14.437],
];
const ADJ_EN = 'Sweet Hot Lazy Wild Romantic Sunny Secret Private Playful Golden Slow Long Naughty Cosy Late'.split(
  ' ',
);
const ADJ_DE =
  'Süß Heiß Faul Wild Romantisch Sonnig Geheim Privat Verspielt Golden Langsam Lang Frech Gemütlich Spät'.split(' ');
const NOUN_EN =
  'beach shower morning evening dance yoga kitchen garden night holiday sauna pool bedroom balcony lingerie stockings workout massage picnic forest lake office library rain snow candlelight bath breakfast roleplay costume mirror window sofa car train hotel terrace boat meadow studio party fitness cinema vineyard cabin'.split(
    ' ',
  );
const NOUN_DE =
  'Strand Dusche Morgen Abend Tanz Yoga Küche Garten Nacht Urlaub Sauna Pool Schlafzimmer Balkon Dessous Strümpfe Training Massage Picknick Wald See Büro Bibliothek Regen Schnee Kerzenschein Bad Frühstück Rollenspiel Kostüm Spiegel Fenster Sofa Auto Zug Hotel Terrasse Boot Wiese Studio Party Fitness Kino Weinberg Hütte'.split(
    ' ',
  );
const SLOGAN_EN = [
  'The sweet girl next door',
  'Dancing is my life',
  'Yoga every morning',
  'Let us talk and laugh',
  'Your favourite blonde',
  'Romantic evenings with me',
];
const SLOGAN_DE = [
  'Das süße Mädchen von nebenan',
  'Tanzen ist mein Leben',
  'Jeden Morgen Yoga',
  'Lass uns reden und lachen',
  'Deine Lieblingsblondine',
  'Romantische Abende mit mir',
];
const TAGS =
  'blonde brunette redhead dance yoga beach lingerie stockings tattoos piercings glasses sporty cosplay curvy petite mature couple shower massage outdoor'.split(
    ' ',
  );

/** Fills the catalogue with set-based SQL: a few statements, each generating its rows in PostgreSQL. */
export async function fillCatalogue(db: Db, log: (msg: string) => void) {
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const start = performance.now();
    await db.execute(statement);
    log(`  ${label}: ${Math.round(performance.now() - start)} ms`);
  };
  const cities = CITIES.map(([city, country, lat, lon]) => ({ city, country, lat, lon }));
  await step(
    'tags',
    sql`insert into tags (slug, name_en, name_de) select t, initcap(t), initcap(t) from unnest(${list(TAGS)}) t on conflict do nothing`,
  );
  await step(
    `${SIZE.shows} shows`,
    sql`insert into shows (universal_id, slug_name, show_name, contentprovider_id, online, slogan_en, slogan_de,
        description_en, description_de, free, exclusive, price_per_minute, age, languages, city, country, lat, lon,
        rating, rating_count, sound, phone_chat, position, created_at)
      select (100000 + i)::text, lower(n), n, 1 + i % 2, i % 4 = 0,
        (${list(SLOGAN_EN)})[1 + i % 6], (${list(SLOGAN_DE)})[1 + i % 6],
        'Hello, I am ' || n || '. ' || (${list(SLOGAN_EN)})[1 + (i / 7) % 6] || '.',
        'Hallo, ich bin ' || n || '. ' || (${list(SLOGAN_DE)})[1 + (i / 7) % 6] || '.',
        i % 10 = 0, i % 3, 20 + i % 40, 18 + i % 30, case when i % 3 = 0 then '{de}'::text[] else '{de,en}'::text[] end,
        (${list(cities.map((c) => c.city))})[1 + i % 8], (${list(cities.map((c) => c.country))})[1 + i % 8],
        (${sql.raw(`array[${cities.map((c) => c.lat).join(',')}]`)})[1 + i % 8] + (random() - 0.5) * 0.3,
        (${sql.raw(`array[${cities.map((c) => c.lon).join(',')}]`)})[1 + i % 8] + (random() - 0.5) * 0.3,
        (i * 37) % 101, i % 50, true, i % 5 = 0, i % 17, now() - (i % 365) * interval '1 day'
      from generate_series(1, ${SIZE.shows}) i,
        lateral (select (${list(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}]
          || case when i > ${FIRST_NAMES.length} then (i / ${FIRST_NAMES.length})::text else '' end as n) names`,
  );
  await step(
    'previews (3 a show)',
    sql`insert into show_images (show_id, position) select s.id, p from shows s, generate_series(0, 2) p`,
  );
  await step(
    'main images',
    sql`update shows s set main_image_id = i.id from show_images i where i.show_id = s.id and i.position = 0`,
  );
  await step(
    'categories (3 a show)',
    sql`insert into show_categories (show_id, category_id)
      select s.id, c from shows s, lateral (select distinct unnest(array[2 + s.id % 11, 2 + (s.id / 11) % 11,
        (array[1001, 1013, 1024, 1051, 1052, 1054, 1062])[1 + s.id % 7], case when s.id % 9 = 0 then 20 else 3 end]) c) cs`,
  );
  await step(
    'show tags (3 a show)',
    sql`insert into show_tags (show_id, tag_id)
      select distinct s.id, t.ids[1 + x % cardinality(t.ids)] from shows s, (select array_agg(id order by id) ids from tags) t,
        lateral unnest(array[s.id, s.id / 20, s.id / 400 + 7]) x`,
  );
  await step(
    'promos (50 running)',
    sql`insert into promos (show_id, title_en, title_de, percent, stops_at)
      select id, 'Happy hour', 'Happy Hour', 20, now() + interval '2 hours' from shows where id % 200 = 0`,
  );
  await step(
    `${SIZE.videos} videos`,
    sql`insert into videos (ccid, show_id, title_en, title_de, description_en, description_de, duration, rating, rating_count, created_at)
      select 1000000 + i, 1 + i % ${SIZE.shows},
        (${list(ADJ_EN)})[1 + i % 15] || ' ' || (${list(NOUN_EN)})[1 + (i / 15) % 45] || ' ' || (${list(NOUN_EN)})[1 + (i / 7) % 45],
        (${list(NOUN_DE)})[1 + (i / 15) % 45] || ' ' || (${list(ADJ_DE)})[1 + i % 15] || ' ' || (${list(NOUN_DE)})[1 + (i / 7) % 45],
        'A clip of ' || (${list(NOUN_EN)})[1 + (i / 3) % 45] || ' and ' || (${list(NOUN_EN)})[1 + (i / 11) % 45],
        'Ein Clip mit ' || (${list(NOUN_DE)})[1 + (i / 3) % 45] || ' und ' || (${list(NOUN_DE)})[1 + (i / 11) % 45],
        120 + i % 900, (i * 13) % 101, i % 40, now() - (i % 1000) * interval '1 hour'
      from generate_series(1, ${SIZE.videos}) i`,
  );
  await step(
    'video parts (2 a video)',
    sql`insert into video_parts (video_id, part, duration, price, free, storage_key)
      select v.id, p, v.duration / 2, case when p = 1 and v.id % 3 = 0 then 0 else 10 + v.id % 40 end,
        p = 1 and v.id % 3 = 0, 'videos/' || v.ccid || '/' || p || '.webm'
      from videos v, generate_series(1, 2) p`,
  );
  await step(
    'video tags (2 a video)',
    sql`insert into video_tags (video_id, tag_id)
      select distinct v.id, t.ids[1 + x % cardinality(t.ids)] from videos v, (select array_agg(id order by id) ids from tags) t,
        lateral unnest(array[v.id, v.id / 20]) x`,
  );
  await step(
    `${SIZE.galleries} galleries`,
    sql`insert into galleries (show_id, title_en, title_de, price, free, rating, rating_count, created_at)
      select 1 + (i - 1) % ${SIZE.shows},
        (${list(ADJ_EN)})[1 + i % 15] || ' ' || (${list(NOUN_EN)})[1 + (i / 15) % 45],
        (${list(NOUN_DE)})[1 + (i / 15) % 45] || ' ' || (${list(ADJ_DE)})[1 + i % 15],
        case when i <= ${SIZE.shows} and i % 10 = 1 then 0 else 15 + i % 30 end, i <= ${SIZE.shows} and i % 10 = 1,
        (i * 7) % 101, i % 30, now() - (i % 500) * interval '1 hour'
      from generate_series(1, ${SIZE.galleries}) i`,
  );
  await step(
    'gallery images (5 a gallery)',
    sql`insert into gallery_images (gallery_id, position, width, height) select g.id, p, 640, 480 from galleries g, generate_series(0, 4) p`,
  );
  await step('analyze', sql`analyze`);
}
