import type { Locale } from '../constants.ts';
import { catalog as de } from './catalog.de.ts';
import { catalog as en } from './catalog.en.ts';
import type { Catalog } from './merge.ts';

export type { Catalog } from './merge.ts';

/**
 * The interface catalogs, one file pair per area so areas can change independently; merged
 * into one key space (`errors.…`, `navbar.…`, `users.…`) per language in catalog.<locale>.ts,
 * which the app loads one language at a time. Legal texts are a separate, lazily loaded
 * namespace (legal.en.json / legal.de.json).
 */
export const catalogs: Record<Locale, Catalog> = { en, de };
