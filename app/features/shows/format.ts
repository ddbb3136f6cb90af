import type { ShowTile } from '#common/api/shows.ts';

type NameKind = 'language' | 'region';
const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesFor(locale: string, type: NameKind = 'language'): Intl.DisplayNames | null {
  const key = `${type}:${locale}`;
  if (!displayNames.has(key)) {
    try {
      displayNames.set(key, new Intl.DisplayNames([locale], { type }));
    } catch {
      displayNames.set(key, null);
    }
  }
  return displayNames.get(key) ?? null;
}

/**
 * A code's name in a language, each looked up once: a list of tiles asks for the same few
 * languages and countries many times, and each of ICU's look-ups costs a phone real time.
 */
const names = new Map<string, string>();
function nameOf(type: NameKind, code: string, locale: string, fallback: string): string {
  const key = `${type}:${locale}:${code}`;
  let name = names.get(key);
  if (name === undefined) {
    try {
      name = namesFor(locale, type)?.of(code) ?? fallback;
    } catch {
      name = fallback;
    }
    names.set(key, name);
  }
  return name;
}

/** A country as words: ISO codes ("DE") in the interface language, anything else as it is. */
export function countryName(country: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  return nameOf('region', country.toUpperCase(), locale, country);
}

/** Language codes as words in the interface language ("de" -> "German" / "Deutsch"). */
export function languageNames(codes: readonly string[], locale: string): string[] {
  return codes.map((code) => nameOf('language', code, locale, code.toUpperCase()));
}

/** A distance in kilometres: one decimal below 10 km. */
export function formatDistance(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
}

/** "City, Country" and, in a geo search, " · 12 km". */
export function locationText(show: Pick<ShowTile, 'location' | 'distance'>, locale: string): string {
  const country = show.location.country ? countryName(show.location.country, locale) : '';
  const place = [show.location.city, country].filter(Boolean).join(', ');
  const distance = show.distance === null ? '' : `${formatDistance(show.distance, locale)} km`;
  return [place, distance].filter(Boolean).join(' · ');
}

/** The show page's path: /chat/<universalId>/<slugName>. */
export const showPath = (show: Pick<ShowTile, 'universalId' | 'slugName'>) =>
  `/chat/${encodeURIComponent(show.universalId)}/${encodeURIComponent(show.slugName)}`;
