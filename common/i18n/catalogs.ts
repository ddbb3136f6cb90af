import type { Locale } from '../constants.ts';
import accountsDe from './accounts.de.json' with { type: 'json' };
import accountsEn from './accounts.en.json' with { type: 'json' };
import contentDe from './content.de.json' with { type: 'json' };
import contentEn from './content.en.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import shellDe from './shell.de.json' with { type: 'json' };
import shellEn from './shell.en.json' with { type: 'json' };

/**
 * The interface catalogs, one file pair per area so areas can change independently; merged
 * into one key space (`errors.…`, `navbar.…`, `users.…`). Legal texts are a separate, lazily
 * loaded namespace (legal.en.json / legal.de.json).
 */
export type Catalog = { [key: string]: string | Catalog };

function merge(...parts: Catalog[]): Catalog {
  const out: Catalog = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = out[key];
      out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
    }
  }
  return out;
}

export const catalogs: Record<Locale, Catalog> = {
  en: merge(en, shellEn, accountsEn, contentEn),
  de: merge(de, shellDe, accountsDe, contentDe),
};
