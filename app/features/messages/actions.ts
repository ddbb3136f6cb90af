import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSetCoins } from '#app/features/videos/coins.ts';
import { ApiError, api } from '#app/http.ts';
import type { Conversation, Message, unlockResponse } from '#common/api/messages.ts';
import { clearAllUnread, editMessages, removeConversation, replaceConversation, setUnread } from './cache.ts';
import { CONVERSATIONS_KEY, MESSAGE_COUNT_KEY } from './query-key.ts';

type Ok = { ok: true };
type UnlockAnswer = z.infer<typeof unlockResponse>;

/** The i18n key of a refusal: the server's own (messages.*), the throttle, or the generic one. */
export function messageErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.unknown_error';
  if (error.status === 429) return 'errors.throttle';
  const message = error.body?.message ?? '';
  if (message.startsWith('messages.')) return message;
  const field = Object.values(error.fieldErrors())[0];
  return field ?? 'errors.unknown_error';
}

const refreshCount = (client: ReturnType<typeof useQueryClient>) =>
  void client.invalidateQueries({ queryKey: MESSAGE_COUNT_KEY });

/** POST conversations/read {ids}: opening a conversation reads it. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Ok>('POST', 'conversations/read', { ids: [id] }),
    onSuccess: (_, id) => {
      setUnread(client, id, 0);
      refreshCount(client);
    },
  });
}

/** POST conversations/unread {ids, unread: true}. */
export function useMarkUnread() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Ok>('POST', 'conversations/unread', { ids: [id], unread: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}

/**
 * POST conversations/read_all, repeated until the remaining count stops changing (the server
 * reads a batch at a time); then nothing is unread anywhere.
 */
export function useReadAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      let previous: number | null = null;
      for (let round = 0; round < 100; round++) {
        const { remaining } = await api<{ remaining: number }>('POST', 'conversations/read_all');
        if (remaining === previous || remaining === 0) return remaining;
        previous = remaining;
      }
      return previous ?? 0;
    },
    onSuccess: () => {
      clearAllUnread(client);
      refreshCount(client);
    },
  });
}

/** POST conversations/block|unblock/{showid}: the answer's block state goes everywhere; messages reload. */
export function useBlockToggle(conversation: Conversation) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      api<{ data: Conversation }>(
        'POST',
        `conversations/${block ? 'block' : 'unblock'}/${encodeURIComponent(conversation.showid ?? '')}`,
      ),
    onSuccess: ({ data }) => {
      replaceConversation(client, data);
      client.setQueryData([...CONVERSATIONS_KEY, 'with', conversation.showid], { data });
      if (conversation.id > 0)
        void client.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'messages', conversation.id] });
    },
  });
}

/** DELETE conversations/message/{id}: gone from the loaded messages. */
export function useDeleteMessage(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api<Ok>('DELETE', `conversations/message/${messageId}`),
    onSuccess: (_, messageId) => {
      editMessages(client, conversationId, (list) => list.filter((m) => m.messageid !== messageId));
      refreshCount(client);
    },
  });
}

/** DELETE conversations/{id}: gone from every list. */
export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Ok>('DELETE', `conversations/${id}`),
    onSuccess: (_, id) => {
      removeConversation(client, id);
      refreshCount(client);
    },
  });
}

/** POST conversations/message/{id}/unlock: the picture for its coins; the message and the balance follow. */
export function useUnlockAttachment(message: Message) {
  const client = useQueryClient();
  const setCoins = useSetCoins();
  return useMutation({
    mutationFn: () => api<UnlockAnswer>('POST', `conversations/message/${message.messageid}/unlock`),
    onSuccess: ({ data }) => {
      editMessages(client, message.conversationid, (list) =>
        list.map((m) => (m.messageid === data.message.messageid ? data.message : m)),
      );
      setCoins(data.coins);
    },
  });
}
