/**
 * The public pages the server renders as HTML (route names, `handle.name`): the catalogue, a show
 * with its videos and galleries, search, categories, FAQ and legal texts, the redirects between
 * them, and the 404 page. Every other page (members', the studio, payment and chat windows) is
 * sent as the plain application and drawn in the browser.
 */
export const SERVER_RENDERED_ROUTES: ReadonlySet<string> = new Set([
  'index',
  'shows',
  'shows-all',
  'categories',
  'shows-cat',
  'show',
  'show-videos',
  'show-videos-clip',
  'show-galleries',
  'show-galleries-pictures',
  'show-short',
  'shows-alias',
  'videos',
  'videos-show',
  'videos-clip',
  'galleries',
  'galleries-show',
  'galleries-pictures',
  'search',
  'search-shows',
  'search-videos',
  'search-galleries',
  'search-alias',
  'faq',
  'imprint',
  'terms',
  'privacy_policy',
  'youth_protection',
  'complaints',
  'abuse',
  'refund',
  'content_policy',
  'usc2257',
  'camgirl_werden',
  'webmaster',
  'not-found',
]);
