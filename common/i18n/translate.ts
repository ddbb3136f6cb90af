import type { Locale } from '../constants.ts';
import { type Catalog, catalogs } from './catalogs.ts';

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills a text's i18next-style placeholders ({{name}}); a missing value leaves nothing. */
export const interpolate = (text: string, vars: Record<string, string | number> = {}): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));

/**
 * The server's translator over the same catalogs the SPA uses (i18next syntax: {{name}}).
 * A missing key falls back to English, then to the key itself.
 */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(catalogs[locale], key) ?? lookup(catalogs.en, key) ?? key;
  return interpolate(text, vars);
}
