import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { billingAnswer, cardType } from '#app/features/billing/testing.ts';
import { showDetail } from '#app/features/shows/testing.ts';
import { i18n } from '#app/i18n.ts';
import { sharedSocket } from '#app/platform/shared-socket.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { User } from '#common/api/auth.ts';
import type { ChatSessionState } from '#common/api/chat.ts';
import { CHAT_HEARTBEAT_MS } from '#common/constants.ts';
import { ChatSessionHost } from './ChatSessionHost.tsx';
import { chatActions, useChatStore } from './store.ts';
import { fakeSocket, SESSION_ID, sessionState, startAnswer } from './testing.ts';

// The player's WebRTC is tested on its own (live-viewer.test.ts); here it only shows it is there.
const player = vi.hoisted(() => ({ credentials: null as null | (() => { login: string; password: string }) }));
vi.mock('#app/features/live/LivePlayer.tsx', () => ({
  LivePlayer: (props: { credentials: () => { login: string; password: string } }) => {
    player.credentials = props.credentials;
    return <p>live video</p>;
  },
}));

/** A stand-in for the tip button the bar holds. */
function Tip({ sessionId, showName }: { sessionId: string; showName: string }) {
  return <button type="button">{`tip ${showName} ${sessionId}`}</button>;
}

const HEARTBEAT = `POST /api/chatsession/heartbeat/${SESSION_ID}`;
const STOP = `POST /api/chatsession/stop/${SESSION_ID}`;
const CHECK = 'POST /api/chatsession/check_rating/u-anna';

beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => {
  vi.useRealTimers();
  act(() => {
    chatActions.reset();
    sharedSocket.set(null);
  });
});

function setup(
  over: Partial<ChatSessionState> = {},
  opts: {
    user?: User | null;
    voicecall?: boolean;
    routes?: Parameters<typeof mockApi>[0];
    tip?: boolean;
  } = {},
) {
  const state = sessionState(over);
  const api = mockApi({
    [STOP]: () => jsonResponse({ session: { ...state, open: false } }),
    [CHECK]: () => jsonResponse({ rating: false, sessionId: null, contentProviderId: null, showId: null }),
    ...opts.routes,
  });
  chatActions.started(startAnswer(over));
  const view = renderWithProviders(
    <ChatSessionHost show={showDetail({ online: true })} {...(opts.tip ? { tipButton: Tip } : {})} />,
    {
      route: '/chat/u-anna/anna#enter_chat',
      path: '/chat/:showid/:slug',
      user: opts.user === undefined ? testUser({ coins: 100 }) : opts.user,
      session: { voicecall: opts.voicecall ?? false },
      routes: [
        { path: '/billing', element: <p>billing page</p> },
        { path: '/', element: <p>home page</p> },
      ],
    },
  );
  return { api, view };
}

const overlay = () => screen.findByRole('dialog', { name: 'Anna' });
const bar = () => screen.getByRole('region', { name: 'Your chat session' });
const beat = (ms = CHAT_HEARTBEAT_MS) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('running chat session', () => {
  it('shows the session in its bar and keeps it current with a heartbeat; the newest password opens the stream', async () => {
    const { api } = setup(
      {},
      {
        routes: {
          [HEARTBEAT]: () =>
            jsonResponse({ session: sessionState({ minutes: 2, coins: 60, nextMinuteIn: 59 }), password: 'join-2' }),
        },
      },
    );
    await overlay();
    expect(bar()).toHaveTextContent(/Private chat.*1 minute.*30 coins spent.*30 coins\/min/);
    expect(player.credentials?.()).toEqual({ login: SESSION_ID, password: 'join-1' });
    await beat(CHAT_HEARTBEAT_MS - 1);
    expect(api.callsTo(HEARTBEAT)).toHaveLength(0);
    await beat(1);
    expect(api.callsTo(HEARTBEAT)).toHaveLength(1);
    await waitFor(() => expect(bar()).toHaveTextContent(/2 minutes.*60 coins spent/));
    expect(player.credentials?.()).toEqual({ login: SESSION_ID, password: 'join-2' });
    await beat();
    expect(api.callsTo(HEARTBEAT)).toHaveLength(2);
  });

  it('applies the server pushes: low coins warn with a top-up that buys coins over the show', async () => {
    const fake = fakeSocket();
    sharedSocket.set(fake.socket);
    const { view } = setup(
      {},
      { routes: { 'GET /api/billing': () => jsonResponse(billingAnswer({ paymentTypes: [cardType()] })) } },
    );
    await overlay();
    await waitFor(() => expect(fake.listening('chat:session')).toBe(1));
    // Another session's state is not this one's.
    fake.push('chat:session', sessionState({ id: '00000000-0000-4000-8000-0000000000ff', minutes: 9 }));
    expect(bar()).toHaveTextContent('1 minute');
    fake.push('chat:session', sessionState({ minutes: 3, coins: 90, lowCoins: true }));
    expect(bar()).toHaveTextContent(/3 minutes.*90 coins spent/);
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('Your coins will not pay for the next minute');
    await userEvent.click(within(warning).getByRole('button', { name: 'Top up' }));
    const topUp = await screen.findByRole('dialog', { name: 'Buy coins' });
    expect(await within(topUp).findByRole('heading', { name: i18n.t('billing.checkout.title') })).toBeVisible();
    expect(view.router.state.location.hash).toBe('#enter_chat');
  });

  it('stops the video and says why when the session ends: out of coins leads to /billing', async () => {
    const fake = fakeSocket();
    sharedSocket.set(fake.socket);
    const { api, view } = setup();
    await overlay();
    expect(screen.getByText('live video')).toBeVisible();
    await waitFor(() => expect(fake.listening('chat:session')).toBe(1));
    fake.push('chat:session', sessionState({ open: false, endReason: 'chat.no_coins', lowCoins: false }));
    expect(screen.queryByText('live video')).toBeNull();
    const ended = screen.getByRole('alert');
    expect(ended).toHaveTextContent('Not enough coins');
    expect(within(ended).getByRole('link', { name: 'Buy coins' })).toHaveAttribute('href', '/billing');
    // A heartbeat answered before the end does not open it again, and none is sent after it.
    act(() => chatActions.update(sessionState({ minutes: 5 }), 'late'));
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough coins');
    await beat();
    expect(api.callsTo(HEARTBEAT)).toHaveLength(0);
    // Closing an ended chat asks nothing and stops nothing; the member's private is checked for a rating.
    await userEvent.click(within(ended).getByRole('button', { name: 'Close the chat' }));
    await waitFor(() => expect(view.router.state.location.hash).toBe(''));
    expect(screen.queryByRole('dialog', { name: 'Leave the chat?' })).toBeNull();
    expect(api.callsTo(STOP)).toHaveLength(0);
    await waitFor(() => expect(api.callsTo(CHECK)).toHaveLength(1));
  });

  it('ends the session as interrupted when the server no longer knows it (404)', async () => {
    setup({}, { routes: { [HEARTBEAT]: () => jsonResponse({ error: 'not_found', message: 'not_found' }, 404) } });
    await overlay();
    await beat();
    expect(await screen.findByRole('alert')).toHaveTextContent('Chat interrupted');
    expect(screen.queryByText('live video')).toBeNull();
  });

  it('shows a guest free chat without coins, and in German', async () => {
    setup({ kind: 'free', pricePerMinute: 0, coins: 0, nickname: 'guest' }, { user: null });
    await overlay();
    // A free chat counts no minutes: the bar shows none.
    expect(bar()).toHaveTextContent(/Free chat.*Free/);
    expect(bar()).not.toHaveTextContent(/minute|spent/);
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('region', { name: 'Ihre Chat-Sitzung' })).toHaveTextContent(/Gratis-Chat.*Gratis/);
    await act(() => i18n.changeLanguage('en'));
  });
});

describe('leaving a chat session', () => {
  it('asks first (exit, Escape); staying keeps the chat', async () => {
    const { api, view } = setup();
    const dialog = await overlay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the live show' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave the chat?' });
    expect(ask).toHaveTextContent('Your chat with Anna ends when you leave.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave the chat?' })).toBeNull());
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(await screen.findByRole('dialog', { name: 'Leave the chat?' })).toBeVisible();
    expect(view.router.state.location.hash).toBe('#enter_chat');
    expect(api.callsTo(STOP)).toHaveLength(0);
  });

  it('stops the session on leaving, then the member rates her private: stars, comment, thanks', async () => {
    const { api, view } = setup(
      {},
      {
        routes: {
          [CHECK]: () => jsonResponse({ rating: true, sessionId: SESSION_ID, contentProviderId: 1, showId: 'anna-1' }),
          [`POST /api/chatsession/rate_chat/1-anna-1/${SESSION_ID}`]: () => jsonResponse({ ok: true }),
        },
      },
    );
    const dialog = await overlay();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the live show' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave the chat' }));
    await waitFor(() => expect(view.router.state.location.hash).toBe(''));
    expect(useChatStore.getState().session).toBeNull();
    const rating = await screen.findByRole('dialog', { name: 'How was your chat with Anna?' });
    expect(api.callsTo(STOP)).toHaveLength(1);
    fireEvent.click(within(rating).getByLabelText(i18n.t('rating.stars', { count: 7, max: 10 })));
    await userEvent.type(within(rating).getByRole('textbox', { name: 'Comment (optional)' }), 'Lovely');
    await userEvent.click(within(rating).getByRole('button', { name: i18n.t('rating.save') }));
    expect(await within(rating).findByRole('status')).toHaveTextContent(i18n.t('rating.thanks'));
    expect(api.callsTo(`POST /api/chatsession/rate_chat/1-anna-1/${SESSION_ID}`)[0]?.body).toEqual({
      rating: 70,
      comment: 'Lovely',
    });
  });

  it('checks no rating after a voyeur session', async () => {
    const voyeur = setup({ kind: 'voyeur', pricePerMinute: 15 });
    await userEvent.click(within(await overlay()).getByRole('button', { name: 'Close the live show' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave the chat' }));
    await waitFor(() => expect(voyeur.api.callsTo(STOP)).toHaveLength(1));
    expect(voyeur.api.callsTo(CHECK)).toHaveLength(0);
  });

  it('leads home from the logo after asking, and the session ends with the page', async () => {
    const { api, view } = setup();
    await userEvent.click(within(await overlay()).getByRole('button', { name: /home page \(ends the chat\)/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave the chat' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(api.callsTo(STOP)).toHaveLength(1));
  });
});

describe('tip slot', () => {
  it('holds the tip button for members in an open session, none once it ended', async () => {
    setup({}, { tip: true });
    await overlay();
    expect(within(bar()).getByRole('button', { name: `tip Anna ${SESSION_ID}` })).toBeVisible();
    act(() => chatActions.update(sessionState({ open: false, endReason: 'chat.ended_by_performer' })));
    expect(within(bar()).queryByRole('button')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Anna has ended the chat.');
  });

  it('has none for guests or in a voice call', async () => {
    const guest = setup({ kind: 'free', pricePerMinute: 0 }, { user: null, tip: true });
    await overlay();
    expect(within(bar()).queryByRole('button')).toBeNull();
    guest.view.unmount();
    chatActions.reset();
    setup({}, { voicecall: true, tip: true });
    await overlay();
    expect(within(bar()).queryByRole('button')).toBeNull();
  });
});
