import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { showDetail } from '#app/features/shows/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { User } from '#common/api/auth.ts';
import type { ChatSessionState } from '#common/api/chat.ts';
import { ChatSessionHost } from './ChatSessionHost.tsx';
import { ChatStartPanel } from './ChatStartPanel.tsx';
import { runningInTab } from './running-tab.ts';
import { chatActions, useChatStore } from './store.ts';
import { SESSION_ID, sessionState, startAnswer } from './testing.ts';

vi.mock('#app/features/live/LivePlayer.tsx', () => ({ LivePlayer: () => <p>live video</p> }));

const HEARTBEAT = `POST /api/chatsession/heartbeat/${SESSION_ID}`;
const STOP = `POST /api/chatsession/stop/${SESSION_ID}`;
const CHECK = 'POST /api/chatsession/check_rating/u-anna';
const show = showDetail({ online: true, flags: { free: true, exclusive: 0 }, pricePerMinute: 30 });

const beacons: { url: string; body: string }[] = [];
beforeEach(() => {
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: URLSearchParams) => {
      beacons.push({ url, body: String(body) });
      return true;
    },
  });
});
afterEach(() => {
  act(() => chatActions.reset());
  sessionStorage.clear();
});

/** The show page's chat parts, as a (re)loaded page renders them. */
function showPage(
  state: ChatSessionState | null,
  opts: { user?: User | null; privateMode?: 'private' | null; hash?: string } = {},
) {
  const api = mockApi({
    ...(state ? { [HEARTBEAT]: () => jsonResponse({ session: state, password: 'join-fresh' }) } : {}),
    [STOP]: () => jsonResponse({ session: { ...sessionState(), open: false } }),
    [CHECK]: () => jsonResponse({ rating: true, sessionId: SESSION_ID, contentProviderId: 1, showId: 'anna-1' }),
  });
  const page = { ...show, privateMode: opts.privateMode ?? null };
  const view = renderWithProviders(
    <>
      <ChatStartPanel show={page} />
      <ChatSessionHost show={page} />
    </>,
    {
      route: `/chat/u-anna/anna${opts.hash ?? ''}`,
      path: '/chat/:showid/:slug',
      user: opts.user === undefined ? testUser({ coins: 100 }) : opts.user,
      routes: [{ path: '/', element: <p>home page</p> }],
    },
  );
  return { api, view };
}

describe('a chat session over a reload', () => {
  it('remembers the running session in this tab only while it runs', async () => {
    act(() => chatActions.started(startAnswer()));
    expect(runningInTab()).toEqual({ login: SESSION_ID, universalId: 'u-anna' });
    act(() => chatActions.cleared());
    expect(runningInTab()).toBeNull();
  });

  it('takes the running private up again after a reload: one heartbeat, the same session, the chat open', async () => {
    act(() => chatActions.started(startAnswer()));
    act(() => useChatStore.setState({ session: null }));
    const { api, view } = showPage(sessionState({ minutes: 2, coins: 60 }), {
      hash: '#enter_chat',
      privateMode: 'private',
    });
    expect(await screen.findByRole('dialog', { name: 'Anna' })).toBeVisible();
    expect(view.router.state.location.hash).toBe('#enter_chat');
    expect(api.callsTo(HEARTBEAT)).toHaveLength(1);
    expect(api.calls.filter((c) => c.path === '/api/chatsession/u-anna')).toHaveLength(0);
    expect(useChatStore.getState().session).toMatchObject({ login: SESSION_ID, password: 'join-fresh' });
    expect(screen.getByRole('region', { name: 'Your chat session' })).toHaveTextContent(/2 minutes.*60 coins spent/);
  });

  it('lets a session that ended while she was away go, and asks her to rate her private', async () => {
    act(() => chatActions.started(startAnswer()));
    act(() => useChatStore.setState({ session: null }));
    const { api } = showPage(sessionState({ open: false, endReason: 'chat.ended_timeout' }));
    await waitFor(() => expect(api.callsTo(CHECK)).toHaveLength(1));
    expect(await screen.findByRole('dialog', { name: 'How was your chat with Anna?' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Anna' })).toBeNull();
    expect(runningInTab()).toBeNull();
    expect(api.callsTo(STOP)).toHaveLength(0);
  });

  it('takes up nothing of another show, and nothing once the server no longer knows the session', async () => {
    sessionStorage.setItem('livecam.chat.running', JSON.stringify({ login: SESSION_ID, universalId: 'u-other' }));
    const first = showPage(null);
    await act(() => Promise.resolve());
    expect(first.api.callsTo(HEARTBEAT)).toHaveLength(0);
    first.view.unmount();
    sessionStorage.setItem('livecam.chat.running', JSON.stringify({ login: SESSION_ID, universalId: 'u-anna' }));
    const second = showPage(null);
    await waitFor(() => expect(second.api.callsTo(HEARTBEAT)).toHaveLength(1));
    await waitFor(() => expect(runningInTab()).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Anna' })).toBeNull();
  });
});

describe('a page that goes away during a session', () => {
  it('tells the server at once with a beacon, and beats at once when it comes back from the cache', async () => {
    act(() => chatActions.started(startAnswer()));
    const { api } = showPage(sessionState(), { hash: '#enter_chat' });
    await screen.findByRole('dialog', { name: 'Anna' });
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    });
    expect(beacons).toEqual([{ url: `/api/chatsession/gone/${SESSION_ID}`, body: 'beacon=1' }]);
    // Nothing is stopped: a reload takes the session up again.
    expect(api.callsTo(STOP)).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(api.callsTo(HEARTBEAT)).toHaveLength(1));
  });
});

describe('the show page behind her own chat', () => {
  it('offers her no voyeur seat in her own private, but the way back to her chat', async () => {
    act(() => chatActions.started(startAnswer()));
    const { view } = showPage(sessionState(), { privateMode: 'private' });
    expect(screen.queryByRole('button', { name: /voyeur/i })).toBeNull();
    expect(screen.getByText('Your chat with Anna is running.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the chat' }));
    await waitFor(() => expect(view.router.state.location.hash).toBe('#enter_chat'));
    expect(await screen.findByRole('dialog', { name: 'Anna' })).toBeVisible();
  });
});
