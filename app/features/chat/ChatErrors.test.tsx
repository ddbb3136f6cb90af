import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { useShow } from '#app/features/shows/api.ts';
import { showDetail } from '#app/features/shows/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { ShowDetail } from '#common/api/shows.ts';
import { ChatStartPanel } from './ChatStartPanel.tsx';
import { chatActions, useChatStore } from './store.ts';

afterEach(() => act(() => chatActions.reset()));

/** The panel on a page that shows the show, as the show page does (its refetch is seen). */
function Page({ show }: { show: ShowDetail }) {
  useShow(show.universalId || 'u-anna');
  return <ChatStartPanel show={show} />;
}

const refusal =
  (key: string, status = 409) =>
  () =>
    jsonResponse({ error: 'conflict', message: key, errors: { [key]: [key] } }, status);

function setup(answer: () => Response, opts: { lang?: 'en' | 'de'; show?: ShowDetail } = {}) {
  const show = opts.show ?? showDetail({ online: true, flags: { free: true, exclusive: 0 } });
  const api = mockApi({
    'POST /api/chatsession/u-anna': answer,
    'GET /api/shows/u-anna': () => jsonResponse(show),
  });
  // The page's show, fresh, so the refetch after a refusal can be seen.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(['shows', 'detail', 'u-anna'], show);
  const view = renderWithProviders(<Page show={show} />, {
    client,
    route: '/chat/u-anna/anna',
    path: '/chat/:showid/:slug',
    user: testUser({ coins: 10 }),
    lang: opts.lang ?? 'en',
    routes: [
      { path: '/verify', element: <p>verify page</p> },
      { path: '/billing', element: <p>billing page</p> },
    ],
  });
  return { api, view };
}

/** Clicks, and lets the refusal arrive within act (the store it changes is read outside React's scheduler). */
const startPrivate = () =>
  act(() => userEvent.click(screen.getByRole('button', { name: /^(Private chat|Privatchat)/ })));

describe('chat start errors', () => {
  it('says there are not enough coins, with the way to /billing; the show is fetched again', async () => {
    const { api, view } = setup(refusal('chat.no_coins', 402));
    await startPrivate();
    const alert = await screen.findByRole('dialog', { name: 'Not enough coins' });
    expect(alert).toHaveTextContent('You do not have enough coins for this chat with Anna.');
    await waitFor(() => expect(api.callsTo('GET /api/shows/u-anna')).toHaveLength(1));
    expect(view.router.state.location.hash).toBe('');
    await userEvent.click(within(alert).getByRole('link', { name: 'Buy coins' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/billing'));
  });

  it.each([
    ['chat.show_paused', 'Short break', 'Anna has paused her show.'],
    ['chat.show_not_available', 'Not online', 'Anna is not online right now.'],
    ['chat.show_not_available_private', 'No private chat available', 'Anna is in a private chat right now.'],
    [
      'chat.show_not_available_exclusive_in_use',
      'No private chat available',
      'Anna is in an exclusive chat right now.',
    ],
    ['chat.show_not_available_free', 'No free chat', 'Anna offers no free chat right now.'],
    ['chat.show_not_available_exclusive', 'No exclusive chat available', 'Anna offers no exclusive chat'],
    ['chat.free_expired', 'Free chat time used up', 'Your free chat time is used up.'],
    ['chat.invalid_session_type', 'Something went wrong', 'Something went wrong. Please try again.'],
    ['chat.banned', 'Chat not possible', 'Anna does not want to chat with you.'],
    ['chat.session_running', 'Another chat is running', 'You are in a paid chat with another show.'],
  ])('shows %s with its title and message, and closes', async (key, title, message) => {
    setup(refusal(key));
    await startPrivate();
    const alert = await screen.findByRole('dialog', { name: title });
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByRole('link')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows an unknown key under the generic title with the generic message', async () => {
    setup(refusal('chat.something_new'));
    await startPrivate();
    const alert = await screen.findByRole('dialog', { name: 'The chat could not start' });
    expect(alert).toHaveTextContent(i18n.t('errors.unknown_error'));
  });

  it('sends an unverified member to /verify', async () => {
    const { view } = setup(refusal('chat.not_verfified', 403));
    await startPrivate();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/verify'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('logs an answer without a body and shows nothing', async () => {
    const { api } = setup(() => new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/html' } }));
    await startPrivate();
    await waitFor(() => expect(useChatStore.getState().loading).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('livecam.client-log')).toContain('chat start');
    expect(useChatStore.getState().session).toBeNull();
    await waitFor(() => expect(api.callsTo('GET /api/shows/u-anna')).toHaveLength(1));
  });

  it('speaks German', async () => {
    setup(refusal('chat.no_coins', 402), { lang: 'de' });
    await startPrivate();
    const alert = await screen.findByRole('dialog', { name: 'Nicht genügend Coins' });
    expect(within(alert).getByRole('link', { name: 'Coins kaufen' })).toHaveAttribute('href', '/billing');
    await act(() => i18n.changeLanguage('en'));
  });

  it('says "No show selected" when there is no show to start', async () => {
    setup(refusal('chat.banned'), { show: showDetail({ universalId: '', online: true }) });
    await startPrivate();
    expect(await screen.findByRole('dialog', { name: 'The chat could not start' })).toHaveTextContent(
      'No show selected',
    );
  });
});
