import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { page } from '#app/lazy-page.ts';

const showPage = page(() => import('./ShowPage.tsx'), 'ShowPage');
const listPage = page(() => import('./ShowsListPage.tsx'), 'ShowsListPage');

/** The show page's children: overview, videos, a clip, galleries, a gallery. */
const showChildren = (prefix: string): RouteObject[] => [
  {
    index: true,
    handle: { name: 'show' },
    lazy: page(() => import('./ShowSections.tsx'), 'ShowOverviewTab'),
  },
  {
    path: 'videos',
    handle: { name: `${prefix}videos` },
    lazy: page(() => import('./ShowSections.tsx'), 'ShowVideosTab'),
  },
  {
    path: 'videos/:id/:part?',
    handle: { name: `${prefix}videos-clip` },
    lazy: page(() => import('#app/features/videos/VideoClipPage.tsx'), 'VideoClipPage'),
  },
  {
    path: 'galleries',
    handle: { name: `${prefix}galleries` },
    lazy: page(() => import('./ShowSections.tsx'), 'ShowGalleriesTab'),
  },
  {
    path: 'galleries/:id',
    handle: { name: `${prefix}galleries-pictures` },
    lazy: page(() => import('#app/features/galleries/GalleryPicturesPage.tsx'), 'GalleryPicturesPage'),
  },
];

/** The show page at `path` with its children; other lists (e.g. search results) mount it under their own path. */
export const showRoute = (path: string): RouteObject => ({
  path,
  handle: { name: 'show' },
  lazy: showPage,
  children: showChildren('show-'),
});

/** /~shows/... is an alias of /shows/...: the same path without the tilde. */
export function tildeShowsRedirect({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`${url.pathname.replace(/^\/~shows/, '/shows')}${url.search}`);
}

/** /-/:showid is a short link to the show page. */
export const shortShowRedirect = ({ params }: LoaderFunctionArgs) =>
  redirect(`/chat/${encodeURIComponent(params.showid ?? '')}`);

/** /shows*, /chat/:showid (with its videos and galleries), /-/:showid and the /~shows alias. */
export const showsRoutes: RouteObject[] = [
  { path: 'shows', handle: { name: 'shows' }, lazy: listPage },
  { path: 'shows/all-shows', handle: { name: 'shows-all' }, lazy: listPage },
  {
    path: 'shows/categories',
    handle: { name: 'categories' },
    lazy: page(() => import('./CategoriesPage.tsx'), 'CategoriesPage'),
  },
  showRoute('shows/chat/:showid/:slug?'),
  {
    path: 'shows/:cat/:slug_name/:slug_description',
    handle: { name: 'shows-cat' },
    lazy: listPage,
    children: [showRoute('chat/:showid/:slug?')],
  },
  showRoute('chat/:showid/:slug?'),
  { path: '-/:showid', handle: { name: 'show-short' }, loader: shortShowRedirect },
  { path: '~shows', handle: { name: 'shows-alias' }, loader: tildeShowsRedirect },
  { path: '~shows/*', handle: { name: 'shows-alias' }, loader: tildeShowsRedirect },
];
