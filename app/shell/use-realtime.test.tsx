import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMessagePopup } from '#app/features/messages/store.ts';
import { type SessionState, sessionQuery } from '#app/features/session/api.ts';
import { VOICECALL_KEY } from '#app/features/voicecall/query-key.ts';
import type { RealtimeSocket } from '#app/platform/socket.ts';
import { renderWithProviders, testUser } from '#app/test/render.tsx';
import { useSnackbarStore } from '#app/ui/snackbar.ts';
import type { ServerToClientEvents } from '#common/realtime.ts';
import { MESSAGE_COUNT_KEY, openRealtime } from './realtime-socket.ts';
import { type OpenRealtime, useRealtime } from './use-realtime.ts';

/** A socket that records its listeners, so the test plays the server. */
function fakeSocket() {
  const listeners = new Map<string, (...args: never[]) => void>();
  const socket = {
    on: vi.fn((event: string, listener: (...args: never[]) => void) => {
      listeners.set(event, listener);
      return socket;
    }),
    connect: vi.fn(),
    disconnect: vi.fn(),
    emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
      const listener = listeners.get(event) as ((...a: Parameters<ServerToClientEvents[E]>) => void) | undefined;
      if (!listener) throw new Error(`nobody listens to ${event}`);
      listener(...args);
    },
    /** The server closes the connection, for the reason socket.io gives. */
    closedBy(reason: string) {
      (listeners.get('disconnect') as ((reason: string) => void) | undefined)?.(reason);
    },
  };
  return socket;
}

function Probe({ open }: { open: OpenRealtime }) {
  useRealtime(open);
  return null;
}

/** The real event wiring on a fake socket, loaded at once instead of as a chunk. */
const openWith = (socket: RealtimeSocket) =>
  vi.fn<OpenRealtime>(async (client) => openRealtime(client, sessionQuery.queryKey, () => socket));

function setup(user = testUser({ id: 7, coins: 10 })) {
  const socket = fakeSocket();
  const connect = openWith(socket);
  const view = renderWithProviders(<Probe open={connect} />, { user });
  const state = () => view.client.getQueryData<SessionState>(sessionQuery.queryKey);
  return { socket, connect, client: view.client, state, view };
}

describe('useRealtime', () => {
  it('connects no socket for a visitor outside the catalogue', () => {
    const connect = openWith(fakeSocket());
    renderWithProviders(<Probe open={connect} />, { user: null, route: '/users/profile' });
    expect(connect).not.toHaveBeenCalled();
  });

  it('writes the new balance of user:coins into the session cache', async () => {
    const { socket, connect, state } = setup();
    expect(connect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(socket.on).toHaveBeenCalledWith('user:coins', expect.any(Function)));
    act(() => socket.emit('user:coins', { coins: 250 }));
    expect(state()?.user?.coins).toBe(250);
    expect(state()?.user?.id).toBe(7);
  });

  it('refetches the session on user:logout and user:avs, the message count on user:mc, the call on user:phonecall', async () => {
    const { socket, client } = setup();
    await waitFor(() => expect(socket.on).toHaveBeenCalledWith('user:logout', expect.any(Function)));
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    socket.emit('user:logout');
    socket.emit('user:avs');
    socket.emit('user:mc');
    socket.emit('user:phonecall');
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      sessionQuery.queryKey,
      sessionQuery.queryKey,
      MESSAGE_COUNT_KEY,
      VOICECALL_KEY,
    ]);
  });

  it('refreshes the conversations and asks for the messages pop-up on user:message', async () => {
    const { socket, client } = setup();
    await waitFor(() => expect(socket.on).toHaveBeenCalledWith('user:message', expect.any(Function)));
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    expect(useMessagePopup.getState().requested).toBe(false);
    act(() => socket.emit('user:message', { conversationid: 4, showid: 'u-anna', showname: 'Anna' }));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['conversations']]);
    expect(useMessagePopup.getState().requested).toBe(true);
    act(() => useMessagePopup.getState().dismiss());
  });

  it('queues a notice with a link to her show on user:favorite_online', async () => {
    const { socket } = setup();
    await waitFor(() => expect(socket.on).toHaveBeenCalledWith('user:favorite_online', expect.any(Function)));
    act(() =>
      socket.emit('user:favorite_online', { show: { universalId: 'u-anna', showName: 'Anna', slugName: 'anna' } }),
    );
    expect(useSnackbarStore.getState().queue).toEqual([
      expect.objectContaining({
        messageKey: 'favorites.online_notice.text',
        params: { name: 'Anna' },
        link: { to: '/chat/u-anna/anna', labelKey: 'favorites.online_notice.open' },
      }),
    ]);
    act(() => useSnackbarStore.setState({ queue: [] }));
  });

  it('disconnects when the user logs out, and on unmount', async () => {
    const { socket, client, view } = setup();
    await waitFor(() => expect(socket.on).toHaveBeenCalled());
    act(() => client.setQueryData<SessionState>(sessionQuery.queryKey, (old) => (old ? { ...old, user: null } : old)));
    // The cache tells its observers on the next tick.
    await waitFor(() => expect(socket.disconnect).toHaveBeenCalledTimes(1));
    view.unmount();
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });

  it('connects again when the server closed the socket and the session still has the member', async () => {
    const { socket, client } = setup();
    await waitFor(() => expect(socket.on).toHaveBeenCalledWith('disconnect', expect.any(Function)));
    // The refetch finds the same member on a new session (activation, reset).
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    socket.closedBy('transport close');
    expect(invalidate).not.toHaveBeenCalled();
    socket.closedBy('io server disconnect');
    expect(invalidate.mock.calls[0]?.[0]?.queryKey).toEqual(sessionQuery.queryKey);
    await waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
  });

  it('stays closed when the session the server ended has no member any more', async () => {
    const { socket, client, view } = setup();
    await waitFor(() => expect(socket.on).toHaveBeenCalledWith('disconnect', expect.any(Function)));
    const refetched = vi.spyOn(client, 'invalidateQueries').mockImplementation(async () => {
      client.setQueryData<SessionState>(sessionQuery.queryKey, (old) => (old ? { ...old, user: null } : old));
    });
    act(() => socket.closedBy('io server disconnect'));
    await waitFor(() => expect(refetched).toHaveBeenCalled());
    await waitFor(() => expect(socket.disconnect).toHaveBeenCalledTimes(1));
    view.unmount();
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('closes a socket whose code finished loading after the logout', async () => {
    const socket = fakeSocket();
    let loaded: () => void = () => {};
    const loading = new Promise<void>((r) => (loaded = r));
    const open: OpenRealtime = async (client) => {
      await loading;
      return openRealtime(client, sessionQuery.queryKey, () => socket);
    };
    const view = renderWithProviders(<Probe open={open} />, { user: testUser() });
    view.unmount();
    await act(async () => loaded());
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });
});
