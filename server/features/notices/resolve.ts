import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { galleries, shows, videos } from '#server/db/schema/catalog.ts';
import type { NoticeTargetKind } from '#server/db/schema/content.ts';

/** What a notice's URL points at: a video, gallery or show of this site, or `other` (kept as text). */
export type ResolvedTarget = { url: string; kind: NoticeTargetKind; targetId: number | null; showId: number | null };

/** A path of the site, as the SPA's route table has them (app/features/{shows,videos,galleries,search}/routes.ts). */
type PathMatch = { kind: 'video' | 'gallery'; id: number } | { kind: 'show'; universalId: string };

const SHOW_BASE = '(?:/shows/[^/]+/[^/]+/[^/]+|/search/shows|/shows)?/chat/([^/]+)(?:/[^/]+)?';
const PATTERNS: { re: RegExp; match: (m: RegExpMatchArray) => PathMatch | null }[] = [
  { re: /^(?:\/search)?\/videos\/clip\/(\d+)(?:\/\d+)?\/?$/, match: (m) => idMatch('video', m[1]) },
  { re: /^(?:\/search)?\/galleries\/pictures\/[^/]+\/(\d+)\/?$/, match: (m) => idMatch('gallery', m[1]) },
  { re: new RegExp(`^${SHOW_BASE}/videos/(\\d+)(?:/\\d+)?/?$`), match: (m) => idMatch('video', m[2]) },
  { re: new RegExp(`^${SHOW_BASE}/galleries/(\\d+)/?$`), match: (m) => idMatch('gallery', m[2]) },
  { re: new RegExp(`^${SHOW_BASE}(?:/(?:videos|galleries))?/?$`), match: (m) => showMatch(m[1]) },
  { re: /^\/-\/([^/]+)\/?$/, match: (m) => showMatch(m[1]) },
];

function idMatch(kind: 'video' | 'gallery', raw: string | undefined): PathMatch | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1 ? { kind, id } : null;
}

function showMatch(raw: string | undefined): PathMatch | null {
  if (!raw) return null;
  try {
    return { kind: 'show', universalId: decodeURIComponent(raw) };
  } catch {
    return null;
  }
}

/** The site path a URL names, when it is one of ours (`hosts`: lower-case host names), else null. */
export function matchNoticePath(url: string, hosts: ReadonlySet<string>): PathMatch | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!hosts.has(parsed.hostname.toLowerCase())) return null;
  const path = parsed.pathname.replace(/\/{2,}/g, '/');
  for (const { re, match } of PATTERNS) {
    const m = path.match(re);
    if (m) return match(m);
  }
  return null;
}

/** Resolves a notice's URL against the catalogue: an unknown path or id is kept as `other`. */
export async function resolveNoticeUrl(db: DbOrTx, url: string, hosts: ReadonlySet<string>): Promise<ResolvedTarget> {
  const other: ResolvedTarget = { url, kind: 'other', targetId: null, showId: null };
  const path = matchNoticePath(url, hosts);
  if (!path) return other;
  if (path.kind === 'show') {
    const [row] = await db.select({ id: shows.id }).from(shows).where(eq(shows.universalId, path.universalId));
    return row ? { url, kind: 'show', targetId: row.id, showId: row.id } : other;
  }
  const table = path.kind === 'video' ? videos : galleries;
  const [row] = await db.select({ showId: table.showId }).from(table).where(eq(table.id, path.id));
  return row ? { url, kind: path.kind, targetId: path.id, showId: row.showId } : other;
}
