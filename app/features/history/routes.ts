import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** Children of /users/profile: the chat history. */
export const chatHistoryProfileRoutes: RouteObject[] = [
  {
    path: 'chats',
    handle: { name: 'users-profile-chats' },
    lazy: page(() => import('./ChatHistoryPage.tsx'), 'ChatHistoryPage'),
  },
];
