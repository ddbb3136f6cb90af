import type { FastifyRequest } from 'fastify';
import { DEFAULT_SERVER_LOCALE, LOCALE_COOKIE, type Locale } from '#common/constants.ts';
import { chooseLocale } from '#common/domain/locale.ts';

/** The language tags of an Accept-Language header, most preferred first (by quality, then order); q=0 dropped. */
export function rankedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((l) => l.quality > 0 && l.tag)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((l) => l.tag);
}

/** Headers seen, with the language each names: the SPA sends the same few on every call. */
const apiLocales = new Map<string, Locale>();
const API_LOCALES_MAX = 256;
const API_LOCALE_HEADER_MAX = 256;

/** The language an Accept-Language header names (a pure function of the header, so remembered). */
function apiLocale(header: string | undefined): Locale {
  if (!header || header.length > API_LOCALE_HEADER_MAX) {
    return chooseLocale({ browser: rankedLanguages(header) }, DEFAULT_SERVER_LOCALE);
  }
  let locale = apiLocales.get(header);
  if (locale === undefined) {
    locale = chooseLocale({ browser: rankedLanguages(header) }, DEFAULT_SERVER_LOCALE);
    if (apiLocales.size >= API_LOCALES_MAX) apiLocales.clear();
    apiLocales.set(header, locale);
  }
  return locale;
}

/**
 * The language of a request. The SPA's API calls carry the interface language as
 * Accept-Language (spec part 1 section 7), so the API follows that header alone. The server's
 * own pages (the providers' payment and age-check windows, the operator sign-in) get the
 * browser's header instead, so they decide like the SPA: the `lang` query, the remembered
 * choice (cookie), then the browser's languages. Either way German when nothing names one of
 * ours (spec part 1 section 1).
 */
export function requestLocale(request: FastifyRequest, api: boolean): Locale {
  const header = request.headers['accept-language'];
  if (api) return apiLocale(header);
  const query: unknown = request.query;
  const lang = query && typeof query === 'object' && 'lang' in query ? query.lang : null;
  // With neither a `lang` query nor the cookie, the header alone decides, as for an API call.
  if (typeof lang !== 'string' && request.cookies[LOCALE_COOKIE] === undefined) return apiLocale(header);
  return chooseLocale(
    {
      query: typeof lang === 'string' ? lang : null,
      cookie: request.cookies[LOCALE_COOKIE] ?? null,
      browser: rankedLanguages(header),
    },
    DEFAULT_SERVER_LOCALE,
  );
}
