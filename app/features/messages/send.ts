import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetCoins } from '#app/features/videos/coins.ts';
import { api } from '#app/http.ts';
import { type Conversation, IDEMPOTENCY_HEADER, type Message, type SentAnswer } from '#common/api/messages.ts';
import { appendMessage, moveToTop } from './cache.ts';
import { CONVERSATIONS_KEY, MESSAGE_COUNT_KEY } from './query-key.ts';

/** One send: the text, the tip (shows only) and the draft's key, the same on every retry of it. */
export type Draft = { body: string; tip: number; key: string };

/** A fresh key for a new draft (the server takes 8-64 of A-Z a-z 0-9 _ -). */
export const draftKey = () => crypto.randomUUID();

/** The temporary message shown (at half opacity) while a draft is being sent. */
export const draftMessage = (draft: Draft, coins: number): Message => ({
  messageid: -1,
  conversationid: -1,
  author: 'member',
  message: draft.body,
  time: Math.floor(Date.now() / 1000),
  unread: false,
  coins,
  tip: draft.tip,
  attachment: null,
});

/**
 * POST conversations/show {body, showid, pseudoid, coins, tip} with the draft's Idempotency-Key
 * (`coins` is the price the member was shown), or POST conversations/support {body}. The answer's
 * message joins the conversation, which moves to the top; the balance follows the answer.
 */
export function useSendMessage(conversation: Conversation, pseudoid: number | null) {
  const client = useQueryClient();
  const setCoins = useSetCoins();
  return useMutation({
    mutationFn: (draft: Draft) => {
      const headers = { [IDEMPOTENCY_HEADER]: draft.key };
      if (conversation.kind === 'support') {
        return api<{ data: SentAnswer }>('POST', 'conversations/support', { body: draft.body }, { headers });
      }
      return api<{ data: SentAnswer }>(
        'POST',
        'conversations/show',
        {
          body: draft.body,
          showid: conversation.showid,
          pseudoid,
          coins: conversation.showprofile.messageprice,
          tip: draft.tip,
        },
        { headers },
      );
    },
    onSuccess: ({ data }) => {
      appendMessage(client, data.conversation.id, data.message);
      moveToTop(client, data.conversation);
      client.setQueryData([...CONVERSATIONS_KEY, 'with', conversation.showid ?? 'support'], {
        data: data.conversation,
      });
      setCoins(data.coins);
      void client.invalidateQueries({ queryKey: MESSAGE_COUNT_KEY });
    },
  });
}
