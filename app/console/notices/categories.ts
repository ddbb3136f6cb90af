import { TAKEDOWN_CATEGORIES } from '#common/api/content.ts';
import type { Locale } from '#common/constants.ts';
import contentDe from '#common/i18n/content.de.json' with { type: 'json' };
import contentEn from '#common/i18n/content.en.json' with { type: 'json' };

/** A notice's category in the words of the site's notice form, which the notifier chose from. */
const NAMES: Record<Locale, Record<string, string>> = {
  en: contentEn.content.takedown.categories,
  de: contentDe.content.takedown.categories,
};

export const CATEGORIES = TAKEDOWN_CATEGORIES;
export const categoryName = (locale: Locale, category: string) => NAMES[locale][category] ?? category;
