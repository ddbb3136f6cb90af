import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ShowChatModeration } from '#common/api/showchat.ts';
import type { ChatModeration, ChatPort } from './chat-port.ts';

/** What the last action came to: done (a key under showchat.moderation.done) or why not (an error key). */
export type ModerationNotice = { key: string; nickname: string; failed: boolean };

const DONE: Record<ChatModeration['kind'] | 'unmute', string> = {
  mute: 'showchat.moderation.done.muted',
  unmute: 'showchat.moderation.done.unmuted',
  kick: 'showchat.moderation.done.kicked',
  ban: 'showchat.moderation.done.banned',
  unban: 'showchat.moderation.done.unbanned',
};

const moderationKey = (showId: string) => ['showchat', 'moderation', showId] as const;

/**
 * The performer's moderation of her show's chat over her socket: who is muted and banned now
 * (read once she has joined, and again after each action), and the actions, each answered with
 * a notice for her to read.
 */
export function useChatModeration(port: ChatPort | null, showId: string, joined: boolean) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<ModerationNotice | null>(null);
  const list = useQuery({
    queryKey: moderationKey(showId),
    queryFn: async (): Promise<ShowChatModeration> => {
      const answer = await port?.moderation(showId);
      if (!answer?.ok) throw new Error(answer?.error ?? 'errors.unknown_error');
      return { muted: answer.muted, bans: answer.bans };
    },
    enabled: port !== null && joined,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const act = useCallback(
    async (action: ChatModeration, nickname: string) => {
      if (!port) return;
      const answer = await port.moderate(action);
      const done = action.kind === 'mute' && !action.muted ? DONE.unmute : DONE[action.kind];
      setNotice(answer.ok ? { key: done, nickname, failed: false } : { key: answer.error, nickname, failed: true });
      await client.invalidateQueries({ queryKey: moderationKey(showId) });
    },
    [port, showId, client],
  );

  const muted = useMemo(() => new Set(list.data?.muted.map((m) => m.author)), [list.data]);
  return {
    muted,
    bans: list.data?.bans ?? [],
    notice,
    mute: (author: string, nickname: string, on: boolean) => act({ kind: 'mute', showId, author, muted: on }, nickname),
    kick: (author: string, nickname: string) => act({ kind: 'kick', showId, author }, nickname),
    ban: (author: string, nickname: string) => act({ kind: 'ban', showId, author }, nickname),
    unban: (banId: number, nickname: string) => act({ kind: 'unban', showId, banId }, nickname),
  };
}
