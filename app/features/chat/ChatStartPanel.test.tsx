import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { applyShowUpdates } from '#app/features/shows/live-updates.ts';
import { showDetail } from '#app/features/shows/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { User } from '#common/api/auth.ts';
import type { PrivateMode } from '#common/api/chat.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import { CHAT_PRIVATE_GUEST_DELAY_MS } from '#common/constants.ts';
import { ChatStartPanel } from './ChatStartPanel.tsx';
import { chatActions } from './store.ts';
import { startAnswer } from './testing.ts';

afterEach(() => act(() => chatActions.reset()));

type Show = ShowDetail & { privateMode?: PrivateMode | null };

function setup(
  show: Show,
  opts: { user?: User | null; voicecall?: boolean; routes?: Parameters<typeof mockApi>[0]; lang?: 'en' | 'de' } = {},
) {
  const api = mockApi({
    'POST /api/chatsession/u-anna': () => jsonResponse(startAnswer()),
    ...opts.routes,
  });
  const view = renderWithProviders(<ChatStartPanel show={show} />, {
    route: '/chat/u-anna/anna',
    path: '/chat/:showid/:slug',
    user: opts.user ?? null,
    session: { voicecall: opts.voicecall ?? false },
    lang: opts.lang ?? 'en',
    routes: [
      { path: '/users/signup', element: <p>signup page</p> },
      { path: '/verify', element: <p>verify page</p> },
      { path: '/billing', element: <p>billing page</p> },
    ],
  });
  return { api, view };
}

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);
const online = (over: Partial<Show> = {}): Show =>
  showDetail({ online: true, flags: { free: true, exclusive: 0 }, pricePerMinute: 30, ...over });

describe('chat start panel: what is offered', () => {
  it('offers free and private chat, with her price', () => {
    setup(online());
    expect(buttons()).toEqual(['Free chat', 'Private chat (30 coins/min)']);
  });

  it('adds exclusive when her flags allow it, at the exclusive price', () => {
    setup(online({ flags: { free: false, exclusive: 1 }, priceFactorExclusive: 150 }));
    expect(buttons()).toEqual(['Private chat (30 coins/min)', 'Exclusive (45 coins/min)']);
  });

  it('offers exclusive only when she takes exclusive chats only; none of it in a voice call', () => {
    const view = setup(online({ flags: { free: false, exclusive: 2 }, priceFactorExclusive: 200 }));
    expect(buttons()).toEqual(['Exclusive (60 coins/min)']);
    view.view.unmount();
    setup(online({ flags: { free: false, exclusive: 1 } }), { voicecall: true });
    expect(buttons()).toEqual(['Private chat (30 coins/min)']);
  });

  it('offers watching as a voyeur while she is in a private, nothing while in an exclusive', () => {
    const view = setup(online({ privateMode: 'private' }));
    expect(screen.getByText('Anna is in a private chat right now. You can watch as a voyeur.')).toBeVisible();
    expect(buttons()).toEqual(['Watch as voyeur (15 coins/min)']);
    view.view.unmount();
    setup(online({ privateMode: 'exclusive', flags: { free: true, exclusive: 1 } }));
    expect(screen.getByText(/Anna is in an exclusive chat right now/)).toBeVisible();
    expect(buttons()).toEqual([]);
  });

  it('offers nothing while she is offline', () => {
    setup(online({ online: false }));
    expect(buttons()).toEqual([]);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('follows her private, her break and her going offline as they are announced', async () => {
    const { view } = setup(online());
    act(() => applyShowUpdates(view.client, { 'u-anna': { privateMode: 'private' } }));
    expect(buttons()).toEqual(['Watch as voyeur (15 coins/min)']);
    act(() => applyShowUpdates(view.client, { 'u-anna': { privateMode: 'exclusive' } }));
    expect(buttons()).toEqual([]);
    act(() => applyShowUpdates(view.client, { 'u-anna': { privateMode: null } }));
    expect(buttons()).toEqual(['Free chat', 'Private chat (30 coins/min)']);
    act(() => applyShowUpdates(view.client, { 'u-anna': { paused: true } }));
    expect(screen.getByText(i18n.t('chat.show_paused.message', { name: 'Anna' }))).toBeVisible();
    expect(buttons()).toEqual([]);
    act(() => applyShowUpdates(view.client, { 'u-anna': { paused: false } }));
    expect(buttons()).toEqual(['Free chat', 'Private chat (30 coins/min)']);
  });

  it('speaks German', () => {
    setup(online({ flags: { free: true, exclusive: 1 } }), { lang: 'de' });
    expect(buttons()).toEqual(['Gratis-Chat', 'Privatchat (30 Coins/Min.)', 'Exklusiv (45 Coins/Min.)']);
    expect(screen.getByRole('region', { name: 'Chat mit Anna' })).toBeInTheDocument();
  });
});

describe('chat start panel: starting', () => {
  it('starts a guest free chat as guest and opens the overlay', async () => {
    const { api, view } = setup(online());
    await userEvent.click(screen.getByRole('button', { name: 'Free chat' }));
    await waitFor(() => expect(view.router.state.location.hash).toBe('#enter_chat'));
    expect(api.callsTo('POST /api/chatsession/u-anna')[0]?.body).toEqual({ type: 'free', nickname: 'guest' });
  });

  it('sends a guest who asks for a private chat to sign-up after the delay, without asking the server', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { api, view } = setup(online());
      act(() => screen.getByRole('button', { name: 'Private chat (30 coins/min)' }).click());
      await act(() => vi.advanceTimersByTimeAsync(CHAT_PRIVATE_GUEST_DELAY_MS - 1));
      expect(view.router.state.location.pathname).toBe('/chat/u-anna/anna');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(view.router.state.location.pathname).toBe('/users/signup');
      expect(api.callsTo('POST /api/chatsession/u-anna')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a member private chat with her nickname, busy while it starts', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { api, view } = setup(online(), {
      user: testUser({ coins: 100 }),
      routes: { 'POST /api/chatsession/u-anna': () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Private chat (30 coins/min)' }));
    expect(screen.getByRole('region', { name: 'Chat with Anna' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Free chat' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Starting your chat…');
    expect(api.callsTo('POST /api/chatsession/u-anna')[0]?.body).toEqual({ type: 'private', nickname: 'Nick' });
    answer(jsonResponse(startAnswer()));
    await waitFor(() => expect(view.router.state.location.hash).toBe('#enter_chat'));
    // Her chat runs: the page behind it offers the way back instead of another start.
    expect(screen.getByRole('button', { name: 'Back to the chat' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Free chat' })).toBeNull();
  });

  it('asks a member without a nickname for one, then starts the chat she chose with it', async () => {
    const named = testUser({
      nicknames: { data: [{ id: 4, nickname: 'Newbie' }], current_nickname: { id: 4, nickname: 'Newbie' } },
    });
    const { api, view } = setup(online(), {
      user: testUser({ nicknames: { data: [], current_nickname: null } }),
      routes: { 'POST /api/user/nickname/add': () => jsonResponse({ user: named }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Private chat (30 coins/min)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a nickname' });
    expect(api.callsTo('POST /api/chatsession/u-anna')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Newbie');
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('nicknames.add') }));
    await waitFor(() => expect(view.router.state.location.hash).toBe('#enter_chat'));
    expect(api.callsTo('POST /api/chatsession/u-anna')[0]?.body).toEqual({ type: 'private', nickname: 'Newbie' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the nickname dialog when the server says the member has none', async () => {
    setup(online(), {
      user: testUser(),
      routes: {
        'POST /api/chatsession/u-anna': () =>
          jsonResponse({ error: 'conflict', message: 'x', errors: { 'chat.no_nickname': ['chat.no_nickname'] } }, 409),
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Free chat' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a nickname' })).toBeVisible();
  });
});
