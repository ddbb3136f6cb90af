import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import type { ServerToClientEvents } from '#common/realtime.ts';
import { openRealtime } from './realtime-socket.ts';
import { isCataloguePath, type OpenRealtime, useRealtime, type WhenIdle } from './use-realtime.ts';

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
  };
  return socket;
}

/** An idle scheduler the test releases by hand. */
function manualIdle() {
  let pending: (() => void) | null = null;
  const whenIdle = vi.fn<WhenIdle>((start) => {
    pending = start;
    return () => {
      pending = null;
    };
  });
  return { whenIdle, release: () => pending?.(), isPending: () => pending !== null };
}

function Probe({ open, whenIdle }: { open: OpenRealtime; whenIdle: WhenIdle }) {
  useRealtime(open, whenIdle);
  return null;
}

describe('the socket for visitors', () => {
  it('knows the catalogue pages', () => {
    for (const p of ['/', '/shows', '/shows/all-shows', '/shows/3/a/b', '/chat/x/y', '/search/shows', '/~shows']) {
      expect(isCataloguePath(p)).toBe(true);
    }
    for (const p of ['/billing', '/users/profile', '/faq', '/showsx', '/videos'])
      expect(isCataloguePath(p)).toBe(false);
  });

  it('connects on a catalogue page once the browser is idle, and patches the shows of show:bulkupdate', async () => {
    const socket = fakeSocket();
    const open = vi.fn<OpenRealtime>(async (client) => openRealtime(client, sessionQuery.queryKey, () => socket));
    const idle = manualIdle();
    const view = renderWithProviders(<Probe open={open} whenIdle={idle.whenIdle} />, { user: null, route: '/' });
    view.client.setQueryData(['shows', 'list', { page: 1 }], { data: [{ universalId: 'anna', online: false }] });
    expect(open).not.toHaveBeenCalled();
    act(() => idle.release());
    await waitFor(() => expect(socket.on).toHaveBeenCalledWith('show:bulkupdate', expect.any(Function)));
    act(() => socket.emit('show:bulkupdate', { anna: { online: true } }));
    expect(
      view.client.getQueryData<{ data: { online: boolean }[] }>(['shows', 'list', { page: 1 }])?.data[0]?.online,
    ).toBe(true);
  });

  it('disconnects when the visitor leaves the catalogue, and does not connect if they leave before idle', async () => {
    const socket = fakeSocket();
    const open = vi.fn<OpenRealtime>(async (client) => openRealtime(client, sessionQuery.queryKey, () => socket));
    const idle = manualIdle();
    const view = renderWithProviders(<Probe open={open} whenIdle={idle.whenIdle} />, {
      user: null,
      route: '/shows/all-shows',
    });
    await act(() => view.router.navigate('/faq'));
    expect(idle.isPending()).toBe(false);
    expect(open).not.toHaveBeenCalled();
    await act(() => view.router.navigate('/chat/anna/anna'));
    act(() => idle.release());
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(socket.on).toHaveBeenCalled());
    await act(() => view.router.navigate('/billing'));
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });
});
