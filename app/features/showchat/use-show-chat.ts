import { useCallback, useEffect, useState } from 'react';
import { SHOW_CHAT_ERRORS, type ShowChatMessage, type ShowChatWriter } from '#common/api/showchat.ts';
import type { ChatPort } from './chat-port.ts';

/** Why the chat closed when the performer kicked the reader out (a ban says `showchat.errors.banned`). */
export const KICKED = 'showchat.errors.kicked';

/** Messages kept on screen; older ones scroll away for good. */
const SHOWN_MAX = 200;

/** Refusals that say who may write (not a one-off failure): the input stays closed after them. */
const WRITER_REFUSALS = new Set<string>([
  SHOW_CHAT_ERRORS.signUp,
  SHOW_CHAT_ERRORS.offline,
  SHOW_CHAT_ERRORS.nickname,
  SHOW_CHAT_ERRORS.notVerified,
  SHOW_CHAT_ERRORS.notYourShow,
  SHOW_CHAT_ERRORS.noSession,
  SHOW_CHAT_ERRORS.banned,
  'errors.user_blocked',
  'errors.unauthenticated',
]);

export type ShowChatState = {
  /** connecting: no socket, or not joined yet (also again after a drop); failed: the join was refused. */
  status: 'connecting' | 'ready' | 'failed';
  messages: ShowChatMessage[];
  /** The last message that arrived live (not from the backlog): what a screen reader announces. */
  latest: ShowChatMessage | null;
  writer: ShowChatWriter | null;
  /** Why the chat cannot be used (an i18n key), while status is failed. */
  error: string | null;
};

const initial: ShowChatState = { status: 'connecting', messages: [], latest: null, writer: null, error: null };

/** Why a refused connection ends the chat (an i18n key), or null while the socket tries again. */
function refusalError(reason: string, final: boolean): string | null {
  if (reason === 'unauthenticated') return 'errors.unauthenticated';
  if (reason === 'origin_refused') return SHOW_CHAT_ERRORS.originRefused;
  return final ? SHOW_CHAT_ERRORS.refused : null;
}

/** The backlog, then what arrived live meanwhile and is not in it; the newest SHOWN_MAX. */
function merge(backlog: ShowChatMessage[], shown: ShowChatMessage[]) {
  const ids = new Set(backlog.map((m) => m.id));
  return [...backlog, ...shown.filter((m) => !ids.has(m.id))].slice(-SHOWN_MAX);
}

/**
 * One show's chat over a socket: joins when connected (and again after every reconnect, since the
 * server forgets a dropped socket's rooms), leaves on unmount, keeps the messages and who may write.
 */
export function useShowChat(port: ChatPort | null, showId: string) {
  const [state, setState] = useState<{ key: string; port: ChatPort | null; chat: ShowChatState }>({
    key: showId,
    port,
    chat: initial,
  });
  // Another show or another socket: start over (derived, so no stale frame shows the old chat).
  const chat = state.key === showId && state.port === port ? state.chat : initial;
  const update = useCallback(
    (change: (chat: ShowChatState) => ShowChatState) =>
      setState((s) => ({ key: showId, port, chat: change(s.key === showId && s.port === port ? s.chat : initial) })),
    [showId, port],
  );

  useEffect(() => {
    if (!port) return;
    let active = true;
    const join = () => {
      void port.join(showId).then((answer) => {
        if (!active) return;
        update((c) =>
          answer.ok
            ? {
                ...c,
                status: 'ready',
                messages: merge(answer.messages, c.messages),
                writer: answer.writer,
                error: null,
              }
            : { ...c, status: 'failed', error: answer.error },
        );
      });
    };
    const stops = [
      port.onMessage((message) => {
        if (message.showId !== showId) return;
        update((c) => ({ ...c, messages: [...c.messages, message].slice(-SHOWN_MAX), latest: message }));
      }),
      // The performer removed the reader: the chat closes with the reason (a reload may join again after a kick).
      port.onRemoved((removed) => {
        if (removed.showId !== showId) return;
        const error = removed.reason === 'banned' ? SHOW_CHAT_ERRORS.banned : KICKED;
        update((c) => ({ ...c, status: 'failed', error }));
      }),
      port.onConnect(join),
      port.onDisconnect(() => update((c) => (c.status === 'ready' ? { ...c, status: 'connecting' } : c))),
      // A refusal by the server is final (the socket does not try again): the chat says why.
      // A failed transport (offline, the server restarting) the socket retries: still connecting.
      port.onRefused((reason, final) =>
        update((c) => {
          const error = refusalError(reason, final);
          if (error) return { ...c, status: 'failed', error };
          return { ...c, status: c.status === 'failed' ? c.status : 'connecting' };
        }),
      ),
    ];
    if (port.connected()) join();
    return () => {
      active = false;
      for (const stop of stops) stop();
      port.leave(showId);
    };
  }, [port, showId, update]);

  /** Sends a message; answers null, or why it was refused (an i18n key). */
  const send = useCallback(
    async (text: string): Promise<string | null> => {
      if (!port) return SHOW_CHAT_ERRORS.unknown;
      const answer = await port.send(showId, text);
      if (answer.ok) return null;
      if (WRITER_REFUSALS.has(answer.error)) update((c) => ({ ...c, writer: { refused: answer.error } }));
      return answer.error;
    },
    [port, showId, update],
  );

  return { ...chat, send };
}
