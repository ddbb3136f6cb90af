import { useQuery } from '@tanstack/react-query';
import { use, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '#app/features/session/api.ts';
import { loadLegalTexts } from '#app/i18n.ts';
import { HeadCollector } from '#app/platform/head.ts';
import type { Locale } from '#common/constants.ts';
import { type ContentDoc, type ContentPage, parseContentText } from '#common/domain/content-text.ts';
import { contentPageQuery } from './api.ts';

/** The keys of the lazily loaded `legal` namespace. */
export type LegalKey =
  | 'imprint'
  | 'terms'
  | 'privacy'
  | 'youth_protection'
  | 'complaints'
  | 'abuse'
  | 'refund'
  | 'content_policy'
  | 'takedown'
  | 'usc2257'
  | 'camgirl_werden'
  | 'webmaster';

/** Route name (handle.name in app/routes.tsx) -> text key, where they differ or not. */
export const LEGAL_KEY_OF_ROUTE: Readonly<Record<string, LegalKey>> = {
  imprint: 'imprint',
  terms: 'terms',
  privacy_policy: 'privacy',
  youth_protection: 'youth_protection',
  complaints: 'complaints',
  abuse: 'abuse',
  refund: 'refund',
  content_policy: 'content_policy',
  takedown: 'takedown',
  usc2257: 'usc2257',
  camgirl_werden: 'camgirl_werden',
  webmaster: 'webmaster',
};

/** The date of the release's version of the legal texts; change it together with legal.*.json. */
export const LEGAL_TEXTS_DATE = '2026-11-21';

export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalDoc = { title: string; intro: string; sections: LegalSection[] };
export type FaqDoc = { title: string; intro: string; items: { q: string; a: string }[] };

/** A promise that says it has settled, the way React's `use()` reads it: no suspending once loaded. */
type TrackedPromise = Promise<void> & { status?: 'fulfilled' };

let ready: TrackedPromise | undefined;
/** One shared promise, so `use()` sees the same object on every render; a failed load may be retried. */
export function legalTextsReady(): Promise<void> {
  if (!ready) {
    const p: TrackedPromise = loadLegalTexts().then(
      () => {
        p.status = 'fulfilled';
      },
      (err: unknown) => {
        ready = undefined;
        throw err;
      },
    );
    ready = p;
  }
  return ready;
}

/** Replaces {{name}} with the value; unknown names stay as they are, so a gap is visible in review. */
export const fill = (text: string, vars: Readonly<Record<string, string>>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);

/** The operator's details the texts refer to, from the public configuration. */
export function useLegalVars(): Record<string, string> {
  const config = usePublicConfig();
  return { ...config.legal, email: config.supportEmail, site: config.site.name };
}

/**
 * A text of the legal namespace in the interface language, placeholders filled. Suspends until the
 * namespace is loaded (call it below a Suspense boundary); re-renders when the language changes.
 */
export function useLegalText<T extends LegalDoc | FaqDoc>(key: LegalKey | 'faq' | 'contact'): T {
  use(legalTextsReady());
  const { i18n } = useTranslation();
  const vars = useLegalVars();
  const raw = (i18n.getResource(i18n.language, 'legal', key) ?? i18n.getResource('en', 'legal', key)) as T | undefined;
  if (!raw) throw new Error(`legal text '${key}' is missing`);
  return fillDeep(raw, vars);
}

function fillDeep<T>(value: T, vars: Readonly<Record<string, string>>): T {
  if (typeof value === 'string') return fill(value, vars) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fillDeep(v, vars)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]: [string, unknown]) => [k, fillDeep(v, vars)])) as T;
  }
  return value;
}

/** A content page's text as the site shows it now, placeholders filled, with the day it last changed. */
export type ShownContent = { doc: ContentDoc; updatedAt: string };

/**
 * A content page's text from the content API (an operator's edit, else the release's) in the
 * interface language, placeholders filled: `doc` once it is there, `failed` when it could not be read.
 */
export function useContentText(page: ContentPage) {
  const { i18n } = useTranslation();
  const vars = useLegalVars();
  const query = useQuery(contentPageQuery(page, i18n.language as Locale));
  const parsed = query.data ? parseContentText(query.data.text) : null;
  const shown: ShownContent | null = parsed
    ? { doc: fillDeep(parsed, vars), updatedAt: query.data?.updatedAt ?? LEGAL_TEXTS_DATE }
    : null;
  return { shown, failed: query.isError || (query.isSuccess && !parsed), retry: () => void query.refetch() };
}

/** "<page title> · <site name>" in the browser tab. */
export function useDocumentTitle(title: string) {
  const site = usePublicConfig().site.name;
  const head = useContext(HeadCollector);
  if (head) head.title = title ? `${title} · ${site}` : site;
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}
