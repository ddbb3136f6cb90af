import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AppSocket } from '#app/platform/shared-socket.ts';
import type { ChatSessionState, ChatStartAnswer } from '#common/api/chat.ts';

export const SESSION_ID = '00000000-0000-4000-8000-0000000000c1';

/** A session as the server presents it to its member. */
export const sessionState = (over: Partial<ChatSessionState> = {}): ChatSessionState => ({
  id: SESSION_ID,
  universalId: 'u-anna',
  kind: 'private',
  nickname: 'Nick',
  open: true,
  pricePerMinute: 30,
  minutes: 1,
  coins: 30,
  nextMinuteIn: 60,
  freeEndsIn: null,
  lowCoins: false,
  endReason: null,
  ...over,
});

/** POST /chatsession/{universalId} as it answers a started session. */
export const startAnswer = (over: Partial<ChatSessionState> = {}, password = 'join-1'): ChatStartAnswer => {
  const session = sessionState(over);
  return {
    realm: `show:${session.universalId}`,
    login: session.id,
    password,
    session_type: session.kind,
    buddyaddr: session.universalId,
    session,
  };
};

/** The shell's socket as far as the chat uses it; the test plays the server's pushes. */
export function fakeSocket() {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    connected: true,
    on: (event: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
      return socket;
    },
    off: (event: string, listener: (...args: unknown[]) => void) => {
      listeners.get(event)?.delete(listener);
      return socket;
    },
    emit: vi.fn(),
    // The show chat asks to join; this server never answers it.
    timeout: () => ({ emitWithAck: () => new Promise(() => undefined) }),
  };
  return {
    socket: socket as unknown as AppSocket,
    push: (event: string, payload: unknown) =>
      act(() => {
        for (const l of listeners.get(event) ?? []) l(payload);
      }),
    listening: (event: string) => listeners.get(event)?.size ?? 0,
  };
}
