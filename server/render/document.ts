import type { Locale } from '#common/constants.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { HELD_TAPS_SCRIPT } from './held-taps.ts';
import type { PageHead, ShellPrefs, SsrState } from './renderer.ts';

/** JSON inside a <script>: nothing in it can close the tag or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export type PageAddress = {
  /** PUBLIC_URL, without a trailing slash. */
  origin: string;
  /** The path and the query parameters that make the page what it is (page numbers, search terms). */
  path: string;
};

/** The page's own address in a language: the `lang` query names it (the way the sitemap lists it). */
export function localized(address: PageAddress, locale: Locale | null): string {
  // The path goes into the origin's address as a path, never read as an address of its own
  // (`//elsewhere.example/a` would name another host).
  const [pathname = '/', search = ''] = address.path.split('?', 2);
  const url = new URL(address.origin);
  url.pathname = `/${pathname.replace(/^\/+/, '')}`;
  url.search = search;
  url.searchParams.delete('lang');
  if (locale) url.searchParams.set('lang', locale);
  return url.toString();
}

/** An image address as given (absolute, on an image host) or on our origin. */
const absolute = (src: string, origin: string) =>
  /^https?:\/\//.test(src) ? src : localized({ origin, path: src }, null);

/** Title, description, canonical address, language alternates and the link preview of a page. */
export function headTags(head: PageHead, address: PageAddress, locale: Locale, siteName: string): string {
  const title = escapeHtml(head.title || siteName);
  const description = head.description ? escapeHtml(head.description) : null;
  const canonical = escapeHtml(localized(address, locale));
  const tags = [
    `<title>${title}</title>`,
    description ? `<meta name="description" content="${description}" />` : '',
    `<link rel="canonical" href="${canonical}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(localized(address, 'en'))}" />`,
    `<link rel="alternate" hreflang="de" href="${escapeHtml(localized(address, 'de'))}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(localized(address, null))}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    description ? `<meta property="og:description" content="${description}" />` : '',
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:locale" content="${locale === 'de' ? 'de_DE' : 'en_US'}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(absolute(head.image, address.origin))}" />` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
  ];
  return tags.filter(Boolean).join('');
}

/** The root element's attributes: the language and layout the page was rendered in, which the browser starts from. */
export function rootAttributes(locale: Locale, prefs: ShellPrefs): string {
  const header = prefs.headerHidden ? ' data-header="off"' : '';
  return `lang="${locale}" class="layout-${prefs.layout}" data-locale="${locale}" data-layout="${prefs.layout}" data-device="${prefs.device}" data-hydrating${header}`;
}

/**
 * The built index.html with a rendered page in it: head tags and styles before </head>, the
 * markup in #root, and the hydration state in a JSON script before the application's own.
 */
export function pageDocument(
  template: string,
  parts: { rootAttributes: string; head: string; styles: string; html: string; state: SsrState },
): string {
  // Replacer functions: a `$` in the page must not be read as a replacement pattern.
  return (
    template
      .replace(/<html[^>]*>/, () => `<html ${parts.rootAttributes}>`)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      // The installed app's name and description in the page's language (decision 067).
      .replace('/manifest.en.webmanifest', () => `/manifest.${parts.state.locale}.webmanifest`)
      .replace('</head>', () => `${parts.head}${HELD_TAPS_SCRIPT}${parts.styles}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${parts.html}</div><script id="ssr-state" type="application/json">${scriptJson(parts.state)}</script>`,
      )
  );
}
