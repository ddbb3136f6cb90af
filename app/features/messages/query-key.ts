/**
 * The messages caches' keys, apart from the queries so the socket's chunk names them without
 * loading the HTTP module. Everything under CONVERSATIONS_KEY is refetched when a message arrives;
 * the latest contacts live under their own root, refetched only when over 30 s old.
 */
export const CONVERSATIONS_KEY = ['conversations'] as const;
/** GET conversations/count: the badge of the top bar and the bottom navigation. */
export const MESSAGE_COUNT_KEY = ['conversations', 'count'] as const;
export const LATEST_CONVERSATIONS_KEY = ['latest-conversations'] as const;
