import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** /videos*: the list, a show's videos, a clip with its parts. */
export const videosRoutes: RouteObject[] = [
  { path: 'videos', handle: { name: 'videos' }, lazy: page(() => import('./VideosPage.tsx'), 'VideosPage') },
  {
    path: 'videos/show/:showid/:slug?',
    handle: { name: 'videos-show' },
    lazy: page(() => import('./VideosPage.tsx'), 'VideosPage'),
  },
  {
    path: 'videos/clip/:id?/:part?',
    handle: { name: 'videos-clip' },
    lazy: page(() => import('./VideoClipPage.tsx'), 'VideoClipPage'),
  },
];
