import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** /galleries*: the list, a show's galleries, a gallery's pictures (the free one without an id). */
export const galleriesRoutes: RouteObject[] = [
  {
    path: 'galleries',
    handle: { name: 'galleries' },
    lazy: page(() => import('./GalleriesPage.tsx'), 'GalleriesPage'),
  },
  {
    path: 'galleries/show/:showid/:slug?',
    handle: { name: 'galleries-show' },
    lazy: page(() => import('./GalleriesPage.tsx'), 'GalleriesPage'),
  },
  {
    path: 'galleries/pictures/:showid?/:id?',
    handle: { name: 'galleries-pictures' },
    lazy: page(() => import('./GalleryPicturesPage.tsx'), 'GalleryPicturesPage'),
  },
];
