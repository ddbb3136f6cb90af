import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import type {
  ShowChatJoinAnswer,
  ShowChatMessage,
  ShowChatModeration,
  ShowChatRemoved,
  ShowChatSendAnswer,
} from '#common/api/showchat.ts';
import type { ChatPort } from './chat-port.ts';
import { ShowChat } from './ShowChat.tsx';
import { ChatPortOverride } from './use-chat-port.ts';

/** The show chat's test doubles: messages, a socket the test plays the server of, and the chat rendered on it. */

let n = 0;
export const message = (over: Partial<ShowChatMessage> = {}): ShowChatMessage => ({
  id: `m${++n}`,
  showId: '7',
  nickname: 'Anna',
  text: `hello ${n}`,
  time: 1_800_000_000,
  from: 'viewer',
  author: 'a'.repeat(22),
  ...over,
});

/** A socket as the chat sees it; the test plays the server. */
export function fakePort(answer: ShowChatJoinAnswer = { ok: true, messages: [], writer: { nickname: 'Nick' } }) {
  const listeners = {
    message: new Set<(m: ShowChatMessage) => void>(),
    connect: new Set<() => void>(),
    disconnect: new Set<() => void>(),
    refused: new Set<(reason: string, final: boolean) => void>(),
    removed: new Set<(removed: ShowChatRemoved) => void>(),
  };
  /** Who is muted and banned, as the server would answer it. */
  const moderation: ShowChatModeration = { muted: [], bans: [] };
  const subscribe =
    <L,>(set: Set<L>) =>
    (listener: L) => {
      set.add(listener);
      return () => void set.delete(listener);
    };
  let connected = true;
  const port = {
    connected: () => connected,
    join: vi.fn<ChatPort['join']>(async () => answer),
    leave: vi.fn<ChatPort['leave']>(),
    send: vi.fn<ChatPort['send']>(async (): Promise<ShowChatSendAnswer> => ({ ok: true })),
    onMessage: subscribe(listeners.message),
    onConnect: subscribe(listeners.connect),
    onDisconnect: subscribe(listeners.disconnect),
    onRefused: subscribe(listeners.refused),
    moderate: vi.fn<ChatPort['moderate']>(async () => ({ ok: true })),
    moderation: vi.fn<ChatPort['moderation']>(async () => ({
      ok: true,
      muted: [...moderation.muted],
      bans: [...moderation.bans],
    })),
    onRemoved: subscribe(listeners.removed),
  } satisfies ChatPort;
  return {
    port,
    moderation,
    remove: (removed: ShowChatRemoved) =>
      act(() => {
        for (const l of listeners.removed) l(removed);
      }),
    deliver: (m: ShowChatMessage) =>
      act(() => {
        for (const l of listeners.message) l(m);
      }),
    drop: () =>
      act(() => {
        connected = false;
        for (const l of listeners.disconnect) l();
      }),
    reconnect: () =>
      act(() => {
        connected = true;
        for (const l of listeners.connect) l();
      }),
    refuse: (reason: string, final = true) =>
      act(() => {
        for (const l of listeners.refused) l(reason, final);
      }),
    startDisconnected: () => {
      connected = false;
    },
  };
}

export function setupChat(fake = fakePort(), opts: { lang?: 'en' | 'de'; as?: 'viewer' | 'performer' } = {}) {
  const { as = 'viewer', ...rest } = opts;
  const view = renderWithProviders(
    <ChatPortOverride.Provider value={fake.port}>
      <ShowChat showId="7" as={as} />
    </ChatPortOverride.Provider>,
    { user: null, ...rest },
  );
  const input = () => screen.getByRole('textbox', { name: 'Your message' });
  const sendButton = () => screen.getByRole('button', { name: 'Send' });
  return { ...fake, view, input, sendButton };
}
