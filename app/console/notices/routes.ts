import type { RouteObject } from 'react-router';

/** The notices screens, each its own chunk: the lists, and one notice. */
export const noticesRoutes: RouteObject[] = [
  { path: 'notices', lazy: async () => ({ Component: (await import('./NoticesPage.tsx')).default }) },
  { path: 'notices/:id', lazy: async () => ({ Component: (await import('./NoticePage.tsx')).default }) },
];
