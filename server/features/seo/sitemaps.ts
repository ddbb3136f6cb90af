import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { DbOrTx } from '#server/db/client.ts';
import type { Catalogue } from '#server/features/shows/data.ts';
import type { Encoding } from '#server/features/shows/list.ts';
import { createMemo } from '#server/http/cached-body.ts';
import { categoryEntries, galleryEntries, type SitemapKind, showEntries, sitemapCounts, videoEntries } from './data.ts';
import {
  categoryUrl,
  FIXED_PATHS,
  galleryUrl,
  presentSitemapIndex,
  presentUrlset,
  type SitemapUrl,
  showUrl,
  videoUrl,
} from './present.ts';

/**
 * The protocol allows 50,000 addresses (50 MB) per file; a catalogue of 100,000 videos (what
 * bench/catalog.ts fills) exceeds that, so /sitemap.xml is always an index of files, each kind
 * paged. 5,000 addresses with their language alternates are about 2.5 MB: quick to build and to
 * keep for a minute.
 */
export const URLS_PER_FILE = 5_000;
/** Files kept at once: crawlers read a few at a time, and a big catalogue's files are megabytes each. */
const FILES_KEPT = 16;

/** A built file: its XML once, and its compressed forms made on first demand. */
export type SitemapFile = { xml: string; encoded: Partial<Record<Encoding, Buffer>> };

type FileName = { kind: 'pages' } | { kind: SitemapKind; page: number };

/** `pages.xml`, `shows-1.xml`, `videos-12.xml`, ...; anything else (leading zeros too) is no file of ours. */
export function parseFileName(name: string): FileName | null {
  if (name === 'pages.xml') return { kind: 'pages' };
  const match = /^(shows|videos|galleries)-([1-9]\d{0,8})\.xml$/.exec(name);
  if (!match) return null;
  return { kind: match[1] as SitemapKind, page: Number(match[2]) };
}

const KINDS: readonly SitemapKind[] = ['shows', 'videos', 'galleries'];
const pagesOf = (n: number, perFile: number) => Math.ceil(n / perFile);

/** The file's body in `encoding`, compressed once per built file. */
export function encodedFile(file: SitemapFile, encoding: Encoding): Buffer {
  const done = file.encoded[encoding];
  if (done) return done;
  const made =
    encoding === 'br'
      ? brotliCompressSync(file.xml, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(file.xml, { level: 6 });
  file.encoded[encoding] = made;
  return made;
}

/**
 * The sitemap index and its files, built from the database and kept for `ttlMs` (requests while
 * one builds share it). A file past the last page of its kind is null from the kept counts alone,
 * so no request makes the database skip millions of rows, nor pushes real files out of the cache.
 */
export function createSitemaps(
  db: DbOrTx,
  opts: { origin: string; ttlMs: number; perFile?: number; now?: () => number; catalogue?: Catalogue },
) {
  const { origin, ttlMs, perFile = URLS_PER_FILE, now = Date.now, catalogue = { partnerShows: true } } = opts;
  const counts = createMemo<Record<SitemapKind, number>>(ttlMs, 1, now);
  const index = createMemo<SitemapFile>(ttlMs, 1, now);
  const files = createMemo<SitemapFile>(ttlMs, FILES_KEPT, now);
  const readCounts = () => counts.get('counts', () => sitemapCounts(db, catalogue));
  const built = (xml: string): SitemapFile => ({ xml, encoded: {} });

  async function urlsOf(kind: SitemapKind, page: number): Promise<SitemapUrl[]> {
    const offset = (page - 1) * perFile;
    if (kind === 'shows') return (await showEntries(db, catalogue, offset, perFile)).map(showUrl);
    if (kind === 'videos') return (await videoEntries(db, catalogue, offset, perFile)).map(videoUrl);
    return (await galleryEntries(db, catalogue, offset, perFile)).map(galleryUrl);
  }

  async function load(name: FileName): Promise<SitemapFile> {
    if (name.kind === 'pages') {
      const fixed = FIXED_PATHS.map((path): SitemapUrl => ({ path }));
      return built(presentUrlset(origin, [...fixed, ...(await categoryEntries(db)).map(categoryUrl)]));
    }
    return built(presentUrlset(origin, await urlsOf(name.kind, name.page)));
  }

  /** Whether the file exists now: page 1 of a kind always (empty while it has nothing), later ones while they hold entries. */
  async function exists(name: FileName): Promise<boolean> {
    if (name.kind === 'pages' || name.page === 1) return true;
    return name.page <= pagesOf((await readCounts())[name.kind], perFile);
  }

  return {
    /** /sitemap.xml: the fixed pages and categories, then every page of every kind. */
    index: () =>
      index.get('index', async () => {
        const n = await readCounts();
        const paged = KINDS.flatMap((kind) =>
          Array.from({ length: pagesOf(n[kind], perFile) }, (_, i) => `${kind}-${i + 1}.xml`),
        );
        return built(presentSitemapIndex(origin, ['pages.xml', ...paged]));
      }),
    /** /sitemaps/<name>: null when there is no such file (decided before any list is read or kept). */
    async file(name: string): Promise<SitemapFile | null> {
      const parsed = parseFileName(name);
      if (!parsed || !(await exists(parsed))) return null;
      return files.get(name, () => load(parsed));
    },
  };
}
