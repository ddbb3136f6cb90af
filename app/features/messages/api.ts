import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { Conversation, ConversationCounts, Message } from '#common/api/messages.ts';
import type { Paged } from '#common/api/shows.ts';
import {
  CONVERSATION_NAME_FILTER_MIN,
  type CONVERSATION_ORDERS,
  CONVERSATIONS_PAGE_SIZE,
  LATEST_CONVERSATIONS_REFETCH_MS,
  MESSAGE_COUNT_POLL_MS,
  PAGE_SIZES,
} from '#common/constants.ts';
import { CONVERSATIONS_KEY, LATEST_CONVERSATIONS_KEY, MESSAGE_COUNT_KEY } from './query-key.ts';

export type ConversationOrder = (typeof CONVERSATION_ORDERS)[number];
export type ConversationFilters = { showname: string; nickname: number; unread: boolean; order: ConversationOrder };
export const NO_FILTERS: ConversationFilters = { showname: '', nickname: 0, unread: false, order: 'messagedate' };

type Conversations = Paged<Conversation>;
export type ConversationPages = InfiniteData<Conversations, unknown>;
export type MessagePages = InfiniteData<Paged<Message>, unknown>;

/** GET conversations/count, polled every 60 s and refreshed on `user:mc` (members only). */
export const messageCountQuery = queryOptions({
  queryKey: MESSAGE_COUNT_KEY,
  queryFn: ({ signal }) => api<ConversationCounts>('GET', 'conversations/count', undefined, { signal }),
  refetchInterval: MESSAGE_COUNT_POLL_MS,
});
export const useMessageCount = (member: boolean) => useQuery({ ...messageCountQuery, enabled: member });

/** The show-name filter counts from 3 characters; under that it is left out. */
export const effectiveName = (name: string) => {
  const trimmed = name.trim();
  return trimmed.length >= CONVERSATION_NAME_FILTER_MIN ? trimmed : '';
};

const listKey = (f: ConversationFilters) =>
  [...CONVERSATIONS_KEY, 'list', { ...f, showname: effectiveName(f.showname) }] as const;

/** GET conversations with the page's filters: later pages are appended (infinite list). */
export const conversationsQuery = (f: ConversationFilters) =>
  infiniteQueryOptions({
    queryKey: listKey(f),
    queryFn: ({ pageParam, signal }) =>
      api<Conversations>('GET', 'conversations', undefined, {
        signal,
        query: {
          page: pageParam,
          limit: CONVERSATIONS_PAGE_SIZE,
          order_by: f.order,
          showname: effectiveName(f.showname) || undefined,
          nickname: f.nickname || undefined,
          unread: f.unread ? 1 : undefined,
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last: Conversations) => (last.more ? last.current_page + 1 : undefined),
  });
export const useConversations = (f: ConversationFilters) =>
  useInfiniteQuery({ ...conversationsQuery(f), placeholderData: keepPreviousData });

/** The pages as one list; a conversation that moved between two pages' fetches shows once. */
export function flatConversations(data: ConversationPages | undefined): Conversation[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.data).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
}

/** GET conversations?unread=1&limit=50: the menu's and the pop-up's unread conversations. */
export const unreadConversationsQuery = queryOptions({
  queryKey: [...CONVERSATIONS_KEY, 'unread'] as const,
  queryFn: ({ signal }) =>
    api<Conversations>('GET', 'conversations', undefined, {
      signal,
      query: { unread: 1, limit: PAGE_SIZES.unreadConversations },
    }),
});
export const useUnreadConversations = (enabled = true) => useQuery({ ...unreadConversationsQuery, enabled });

/**
 * GET conversations?limit=3&order_by=online&conversations_not=<unread ids>: the latest contacts
 * under the unread ones, refetched only when the last fetch is over 30 s old.
 */
export const latestConversationsQuery = (notIds: number[]) =>
  queryOptions({
    queryKey: [...LATEST_CONVERSATIONS_KEY, notIds.join(',')] as const,
    queryFn: ({ signal }) =>
      api<Conversations>('GET', 'conversations', undefined, {
        signal,
        query: {
          limit: PAGE_SIZES.latestConversations,
          order_by: 'online',
          conversations_not: notIds.length > 0 ? notIds.join(',') : undefined,
        },
      }),
    staleTime: LATEST_CONVERSATIONS_REFETCH_MS,
  });
export const useLatestConversations = (notIds: number[], enabled: boolean) =>
  useQuery({ ...latestConversationsQuery(notIds), enabled });

/** Every conversation any cache holds now (lists, unread, lookups). */
export function cachedConversations(client: QueryClient): Conversation[] {
  const out: Conversation[] = [];
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: CONVERSATIONS_KEY })) {
    if (!data || typeof data !== 'object') continue;
    if ('pages' in data) for (const p of (data as ConversationPages).pages) out.push(...(p.data ?? []));
    else if ('data' in data) {
      const d = (data as { data: unknown }).data;
      if (Array.isArray(d)) out.push(...(d as Conversation[]));
      else if (d && typeof d === 'object' && 'showprofile' in d) out.push(d as Conversation);
    }
  }
  return out.filter((c) => c && typeof c === 'object' && 'showprofile' in c);
}

/**
 * A conversation by id (/messages/:id): from any cache that holds it at once, then from the
 * server. null when the member has no such conversation.
 */
export const conversationQuery = (client: QueryClient, id: number) =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'one', id] as const,
    queryFn: ({ signal }) =>
      api<{ data: Conversation | null }>('GET', 'conversations/conversation', undefined, { signal, query: { id } }),
    initialData: () => {
      const found = cachedConversations(client).find((c) => c.id === id);
      return found ? { data: found } : undefined;
    },
    initialDataUpdatedAt: 0,
  });

/** GET conversations/conversation?showid=X (or ?support=1): null while there is none yet. */
export const conversationWithQuery = (showid: string | 'support') =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'with', showid] as const,
    queryFn: ({ signal }) =>
      api<{ data: Conversation | null }>('GET', 'conversations/conversation', undefined, {
        signal,
        query: showid === 'support' ? { support: 1 } : { showid },
      }),
  });

/** GET conversations/{id}/messages: page 1 is the newest; later (older) pages go before it. */
export const messagesQuery = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'messages', conversationId] as const,
    queryFn: ({ pageParam, signal }) =>
      api<Paged<Message>>('GET', `conversations/${conversationId}/messages`, undefined, {
        signal,
        query: { page: pageParam },
      }),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<Message>) => (last.more ? last.current_page + 1 : undefined),
  });
export const useMessages = (conversationId: number) =>
  useInfiniteQuery({ ...messagesQuery(conversationId), enabled: conversationId > 0 });

/** Oldest first: the older pages before the newer ones, each page already oldest first; once each. */
export function flatMessages(data: MessagePages | undefined): Message[] {
  const seen = new Set<number>();
  return [...(data?.pages ?? [])]
    .reverse()
    .flatMap((p) => p.data)
    .filter((m) => !seen.has(m.messageid) && Boolean(seen.add(m.messageid)));
}
