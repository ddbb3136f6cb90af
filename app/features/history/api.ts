import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { ChatHistoryResponse, HistoryItem } from '#common/api/shows.ts';

/** Re-asked when the menu opens and the list is older than this (a visit just made shows up). */
export const HISTORY_STALE_MS = 5_000;

/** GET /user/history: the shows the member visited last, latest first. */
export const historyQuery = queryOptions({
  queryKey: ['user', 'history'] as const,
  queryFn: ({ signal }) => api<{ data: HistoryItem[] }>('GET', 'user/history', undefined, { signal }),
  staleTime: HISTORY_STALE_MS,
});

export const useHistory = (enabled: boolean) => useQuery({ ...historyQuery, enabled });

/** GET /user/chathistory: the member's chat sessions, newest first (the running one included). */
export const chatHistoryQuery = queryOptions({
  queryKey: ['user', 'chathistory'] as const,
  queryFn: ({ signal }) => api<ChatHistoryResponse>('GET', 'user/chathistory', undefined, { signal }),
  staleTime: HISTORY_STALE_MS,
});

export const useChatHistory = () => useQuery(chatHistoryQuery);
