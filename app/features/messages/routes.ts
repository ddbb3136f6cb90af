import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** /messages (the list), /messages/:id (a conversation), /messages/support. */
export const messagesRoutes: RouteObject[] = [
  {
    path: 'messages',
    handle: { name: 'messages' },
    lazy: page(() => import('./MessagesPage.tsx'), 'MessagesPage'),
    children: [
      {
        index: true,
        handle: { name: 'messages' },
        lazy: page(() => import('./MessagePanes.tsx'), 'MessagesIndexPane'),
      },
      {
        path: 'support',
        handle: { name: 'messages-support' },
        lazy: page(() => import('./MessagePanes.tsx'), 'SupportPane'),
      },
      {
        path: ':id',
        handle: { name: 'messages-id' },
        lazy: page(() => import('./MessagePanes.tsx'), 'ConversationIdPane'),
      },
    ],
  },
];
