import { queryOptions } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { StudioPayouts } from '#common/api/payouts.ts';
import { PERFORMER_META } from './api.ts';

/** Her statements and this month's earnings so far; read again when she comes back to the page. */
export const studioPayoutsQuery = queryOptions({
  queryKey: ['studio', 'payouts'] as const,
  queryFn: ({ signal }) => api<StudioPayouts>('GET', 'studio/payouts', undefined, { signal }),
  meta: PERFORMER_META,
  staleTime: 60_000,
});

/** Cents as euros in the interface language (1.234,50 € / €1,234.50). */
export function euros(cents: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith('de') ? 'de-DE' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** A month "2026-03" as the language names it ("March 2026" / "März 2026"). */
export function monthName(period: string, language: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language.startsWith('de') ? 'de-DE' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 15)));
}

/** A day "2026-04-15" in the language's short form (15.04.2026 / 15/04/2026). */
export function dayName(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language.startsWith('de') ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
