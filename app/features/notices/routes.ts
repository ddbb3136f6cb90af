import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** /notices/:id/complaint?token=…: the notifier's complaint page, the address the decision mail links to. */
export const noticeRoutes: RouteObject[] = [
  {
    path: 'notices/:id/complaint',
    handle: { name: 'notices-complaint' },
    lazy: page(() => import('./ComplaintPage.tsx'), 'ComplaintPage'),
  },
];
