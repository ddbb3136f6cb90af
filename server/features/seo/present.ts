import { LOCALES } from '#common/constants.ts';
import { categoryPath } from '#common/domain/category-bar.ts';
import type { CategoryEntry, GalleryEntry, ShowEntry, VideoEntry } from './data.ts';

/**
 * The sitemaps' XML (sitemaps.org protocol 0.9 with Google's hreflang extension). Paths are
 * built like the SPA's links (app/features/shows/format.ts, VideoTile, GalleryTile,
 * common/domain/category-bar.ts); every segment from the database is URL-encoded and every text
 * XML-escaped, so a hostile slug or name can neither break the document nor point elsewhere.
 */

/** One page's address and when its content last changed (unknown: none). */
export type SitemapUrl = { path: string; lastmod?: Date };

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);

/** W3C datetime to the second, in UTC. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The address in one language: the SPA and the server pages switch language by the `lang` query. */
export const withLang = (url: string, lang: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;

/**
 * The public catalogue's entry points that are not in the database: the index, the FAQ and the
 * legal and service pages of the footer (app/shell/footer-links.ts, routes in app/routes.tsx).
 */
export const FIXED_PATHS = [
  '/',
  '/faq',
  '/contact',
  '/imprint',
  '/terms',
  '/privacy_policy',
  '/youth_protection',
  '/usc2257',
  '/content_policy',
  '/takedown',
  '/complaints',
  '/abuse',
  '/refund',
  '/camgirl_werden',
  '/webmaster',
] as const;

const segment = (value: string) => encodeURIComponent(value);

export const showUrl = (s: ShowEntry): SitemapUrl => ({
  path: `/chat/${segment(s.universalId)}/${segment(s.slugName)}`,
  lastmod: s.lastmod,
});

export const videoUrl = (v: VideoEntry): SitemapUrl => ({ path: `/videos/clip/${v.id}`, lastmod: v.lastmod });

export const galleryUrl = (g: GalleryEntry): SitemapUrl => ({
  path: `/galleries/pictures/${segment(g.universalId)}/${g.id}`,
  lastmod: g.lastmod,
});

/** A category's list, as the category bar links it (its slugs are made URL-safe there; encoded again to be sure). */
export const categoryUrl = (c: CategoryEntry): SitemapUrl => ({
  path: categoryPath({ id: c.id, slug: c.slug, name: c.nameEn, description: c.descriptionEn })
    .split('/')
    .map((part) => (part ? segment(part) : part))
    .join('/'),
});

/**
 * One <url>: the address without a language is the x-default (the visit's language then follows
 * the cookie or the browser), and each language has its own `?lang=` address.
 */
function urlElement(origin: string, url: SitemapUrl): string {
  const loc = `${origin}${url.path}`;
  const links = [...LOCALES.map((lang) => [lang, withLang(loc, lang)] as const), ['x-default', loc] as const].map(
    ([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`,
  );
  const lastmod = url.lastmod ? `<lastmod>${w3cDate(url.lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod}${links.join('')}</url>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A <urlset> of absolute addresses under `origin` (PUBLIC_URL). */
export function presentUrlset(origin: string, urls: readonly SitemapUrl[]): string {
  const body = urls.map((u) => urlElement(origin, u)).join('\n');
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}${body ? '\n' : ''}</urlset>\n`;
}

/** The <sitemapindex> naming each sitemap file by its absolute address. */
export function presentSitemapIndex(origin: string, files: readonly string[]): string {
  const body = files.map((f) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${f}`)}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}${body ? '\n' : ''}</sitemapindex>\n`;
}
