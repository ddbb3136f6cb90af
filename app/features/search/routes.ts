import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { showsRoutes } from '#app/features/shows/routes.ts';
import { page } from '#app/lazy-page.ts';

// A show opened from the search results is the show page with its tabs, under /search/shows.
const showPage = showsRoutes.find((r) => r.path === 'chat/:showid/:slug?');

/** /~search/... is an alias of /search/...: the same path without the tilde, as /~shows is of /shows. */
export function tildeSearchRedirect({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`${url.pathname.replace(/^\/~search/, '/search')}${url.search}`);
}

/** /search*: the combined result, the three lists, their detail routes, and the /~search alias. */
export const searchRoutes: RouteObject[] = [
  { path: 'search', handle: { name: 'search' }, lazy: page(() => import('./SearchPage.tsx'), 'SearchPage') },
  {
    path: 'search/shows',
    handle: { name: 'search-shows' },
    lazy: page(() => import('./SearchShowsPage.tsx'), 'SearchShowsPage'),
  },
  {
    path: 'search/videos',
    handle: { name: 'search-videos' },
    lazy: page(() => import('./SearchVideosPage.tsx'), 'SearchVideosPage'),
  },
  {
    path: 'search/galleries',
    handle: { name: 'search-galleries' },
    lazy: page(() => import('./SearchGalleriesPage.tsx'), 'SearchGalleriesPage'),
  },
  {
    path: 'search/shows/chat/:showid/:slug?',
    handle: { name: 'search-shows-chat' },
    lazy: page(() => import('#app/features/shows/ShowPage.tsx'), 'ShowPage'),
    ...(showPage?.children ? { children: showPage.children } : {}),
  },
  {
    path: 'search/galleries/pictures/:showid/:id',
    handle: { name: 'search-galleries-pictures' },
    lazy: page(() => import('#app/features/galleries/GalleryPicturesPage.tsx'), 'GalleryPicturesPage'),
  },
  {
    path: 'search/videos/clip/:id/:part?',
    handle: { name: 'search-videos-clip' },
    lazy: page(() => import('#app/features/videos/VideoClipPage.tsx'), 'VideoClipPage'),
  },
  { path: '~search', handle: { name: 'search-alias' }, loader: tildeSearchRedirect },
  { path: '~search/*', handle: { name: 'search-alias' }, loader: tildeSearchRedirect },
];
