import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** /users/archive and its videos and galleries (members only). */
export const archiveRoutes: RouteObject[] = [
  {
    path: 'users/archive',
    handle: { name: 'users-archive' },
    lazy: page(() => import('./ArchivePage.tsx'), 'ArchivePage'),
    children: [
      {
        index: true,
        handle: { name: 'users-archive' },
        lazy: page(() => import('./ArchiveOverview.tsx'), 'ArchiveOverview'),
      },
      {
        path: 'videos',
        handle: { name: 'users-archive-videos' },
        lazy: page(() => import('./ArchiveVideosPage.tsx'), 'ArchiveVideosPage'),
      },
      {
        path: 'galleries',
        handle: { name: 'users-archive-galleries' },
        lazy: page(() => import('./ArchiveGalleriesPage.tsx'), 'ArchiveGalleriesPage'),
      },
    ],
  },
];
