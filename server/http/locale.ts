import { DEFAULT_SERVER_LOCALE, LOCALES, type Locale } from '#common/constants.ts';

/**
 * Picks en or de from an Accept-Language header by quality; German when the header names
 * neither (spec part 1 section 1).
 */
export function localeFrom(header: string | undefined): Locale {
  if (!header) return DEFAULT_SERVER_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((l) => l.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const hit = ranked.find((l) => (LOCALES as readonly string[]).includes(l.lang));
  return (hit?.lang as Locale | undefined) ?? DEFAULT_SERVER_LOCALE;
}
