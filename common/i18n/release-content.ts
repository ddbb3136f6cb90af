import type { Locale } from '../constants.ts';
import { type ContentDoc, type ContentPage, formatContentText } from '../domain/content-text.ts';
import legalDe from './legal.de.json' with { type: 'json' };
import legalEn from './legal.en.json' with { type: 'json' };

/*
 * The content pages' texts as the release has them: what the content API answers while no operator
 * changed a page. The server (and tests) import this, never the browser's bundle: the site's pages
 * read their texts from the content API.
 */

type Section = { heading: string; paragraphs: string[] };
type Bundled = { title: string; intro: string; sections?: Section[]; items?: { q: string; a: string }[] };

const BUNDLES: Record<Locale, Record<string, Bundled>> = { en: legalEn, de: legalDe };

/** A text as the release's catalog has it, as a page: the FAQ's questions are its sections. */
function docOf(bundled: Bundled): ContentDoc {
  const sections = bundled.sections ?? (bundled.items ?? []).map((i) => ({ heading: i.q, paragraphs: [i.a] }));
  return { title: bundled.title, intro: [bundled.intro], sections };
}

const texts = new Map<string, string>();

/**
 * A page's text as the release has it (common/i18n/legal.*.json), in the subset the console edits:
 * what the site shows while no operator changed the page, and what restores it.
 */
export function releaseText(page: ContentPage, locale: Locale): string {
  const key = `${page}:${locale}`;
  let text = texts.get(key);
  if (text === undefined) {
    const bundled = BUNDLES[locale][page] ?? BUNDLES.en[page];
    if (!bundled) throw new Error(`the release has no text for the page '${page}'`);
    text = formatContentText(docOf(bundled));
    texts.set(key, text);
  }
  return text;
}
