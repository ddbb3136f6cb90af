import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/http.ts';
import type { Paged } from '#common/api/shows.ts';
import type { StudioConversation, StudioMessage, StudioPicture, StudioReplyBody } from '#common/api/studio-messages.ts';
import { STUDIO_INBOX_POLL_MS } from '#common/constants.ts';
import { PERFORMER_META } from './api.ts';

/** Every query of the studio inbox starts with this key: a new message reads them all again. */
export const inboxKey = ['studio', 'inbox'] as const;

const nextPage = <T>(last: Paged<T>) => (last.more ? last.current_page + 1 : undefined);

/** Her unread messages in all (the badge), read again every STUDIO_INBOX_POLL_MS. */
export const studioUnreadQuery = queryOptions({
  queryKey: [...inboxKey, 'count'] as const,
  queryFn: ({ signal }) => api<{ unread: number }>('GET', 'studio/conversations/count', undefined, { signal }),
  meta: PERFORMER_META,
  refetchInterval: STUDIO_INBOX_POLL_MS,
});

/** Her show's conversations, unread first then newest; later pages on demand. */
export const studioConversationsQuery = infiniteQueryOptions({
  queryKey: [...inboxKey, 'conversations'] as const,
  queryFn: ({ signal, pageParam }) =>
    api<Paged<StudioConversation>>('GET', 'studio/conversations', undefined, { signal, query: { page: pageParam } }),
  initialPageParam: 1,
  getNextPageParam: nextPage,
  meta: PERFORMER_META,
  refetchInterval: STUDIO_INBOX_POLL_MS,
});

/** A conversation's messages: the first page is the newest, later pages are older. */
export const studioMessagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: [...inboxKey, 'messages', id] as const,
    queryFn: ({ signal, pageParam }) =>
      api<Paged<StudioMessage>>('GET', `studio/conversations/${id}/messages`, undefined, {
        signal,
        query: { page: pageParam },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    meta: PERFORMER_META,
  });

/** Her pictures to attach. */
export const studioPicturesQuery = infiniteQueryOptions({
  queryKey: ['studio', 'pictures'] as const,
  queryFn: ({ signal, pageParam }) =>
    api<Paged<StudioPicture>>('GET', 'studio/pictures', undefined, { signal, query: { page: pageParam } }),
  initialPageParam: 1,
  getNextPageParam: nextPage,
  meta: PERFORMER_META,
});

/** Marks a conversation read; the list and the badge follow. */
export function useStudioRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>('POST', `studio/conversations/${id}/read`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKey }),
    meta: PERFORMER_META,
  });
}

/** Her reply; `key` names this send, so a retry after a lost answer sends it once. */
export function useStudioReply(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: StudioReplyBody; key: string }) =>
      api<{ data: StudioMessage }>('POST', `studio/conversations/${id}/reply`, body, {
        headers: { 'idempotency-key': key },
      }),
    // Refused too: the member may have blocked her meanwhile, the list shows it.
    onSettled: () => client.invalidateQueries({ queryKey: inboxKey }),
    meta: PERFORMER_META,
  });
}

/** Blocks or unblocks the member of a conversation. */
export function useStudioBlock(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      api<{ data: StudioConversation }>('POST', `studio/conversations/${id}/${blocked ? 'block' : 'unblock'}`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKey }),
    meta: PERFORMER_META,
  });
}
