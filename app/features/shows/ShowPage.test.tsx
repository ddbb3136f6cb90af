import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { chatActions } from '#app/features/chat/store.ts';
import { SESSION_ID, startAnswer } from '#app/features/chat/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { User } from '#common/api/auth.ts';
import type { ShowDetail } from '#common/api/shows.ts';
import type { PublicConfig } from '#common/api/system.ts';
import { catalogueRoutes } from './catalogue-test-routes.tsx';
import { applyShowUpdates } from './live-updates.ts';
import { showDetail } from './testing.ts';

const SLOW = { timeout: 5000 };

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => act(() => chatActions.reset()));

function setup(
  route: string,
  show: ShowDetail | null,
  opts: {
    user?: User | null;
    agechecked?: boolean;
    config?: Partial<PublicConfig>;
    routes?: Parameters<typeof mockApi>[0];
  } = {},
) {
  const api = mockApi({
    ...opts.routes,
    'GET /api/shows/u-anna': () =>
      show ? jsonResponse(show) : jsonResponse({ error: 'not_found', message: 'not_found' }, 404),
    'POST /api/user/history/u-anna': () => jsonResponse({ ok: true }),
    'GET /api/search/videos': () => jsonResponse({ current_page: 1, last_page: 1, total: 0, data: [], more: false }),
  });
  const view = renderWithProviders(<p>elsewhere</p>, {
    path: '/__elsewhere',
    route,
    routes: catalogueRoutes,
    user: opts.user ?? null,
    session: { agechecked: opts.agechecked ?? false },
    ...(opts.config ? { config: opts.config } : {}),
  });
  return { api, view };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Anna' }, SLOW);

describe('show page', () => {
  it('replaces a missing or wrong slug with the right one, keeping the child path', async () => {
    const { view } = setup('/chat/u-anna', showDetail());
    await heading();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/chat/u-anna/anna'));
    await act(() => view.router.navigate('/shows/chat/u-anna/wrong/galleries?x=1'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/shows/chat/u-anna/anna/galleries'));
    expect(view.router.state.location.search).toBe('?x=1');
    expect(view.router.state.historyAction).toBe('REPLACE');
  });

  it('starts a free chat while she is online (#enter_chat), leaves it after asking, and hides the way in when she goes offline', async () => {
    const refused = () =>
      jsonResponse(
        {
          error: 'conflict',
          message: 'chat.show_not_available',
          errors: { 'chat.show_not_available': ['chat.show_not_available'] },
        },
        409,
      );
    const free = { kind: 'free' as const, pricePerMinute: 0, coins: 0, nickname: 'guest' };
    const { view, api } = setup(
      '/chat/u-anna/anna',
      showDetail({ online: true, flags: { free: true, exclusive: 0 } }),
      {
        routes: {
          'POST /api/chatsession/u-anna': () => jsonResponse(startAnswer(free, 'join-1')),
          'POST /api/live/u-anna/watch': refused,
          [`POST /api/chatsession/stop/${SESSION_ID}`]: () =>
            jsonResponse({ session: { ...startAnswer(free).session, open: false } }),
        },
      },
    );
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Free chat' }));
    await waitFor(() => expect(view.router.state.location.hash).toBe('#enter_chat'));
    expect(api.callsTo('POST /api/chatsession/u-anna')[0]?.body).toEqual({ type: 'free', nickname: 'guest' });
    const dialog = await screen.findByRole('dialog', { name: 'Anna' }, SLOW);
    // The server says she has just gone: the player says so instead of spinning.
    expect(await within(dialog).findByText('Not online', {}, SLOW)).toBeVisible();
    // The stream opens with the session's login and join password.
    expect(api.callsTo('POST /api/live/u-anna/watch')[0]?.body).toEqual({ login: SESSION_ID, password: 'join-1' });
    expect(within(dialog).getByRole('region', { name: 'Your chat session' })).toHaveTextContent('Free chat');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the live show' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave the chat?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Leave the chat' }));
    await waitFor(() => expect(view.router.state.location.hash).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo(`POST /api/chatsession/stop/${SESSION_ID}`)).toHaveLength(1));
    // A guest's free chat is not rated.
    expect(api.calls.some((c) => c.path.includes('check_rating'))).toBe(false);
    act(() => applyShowUpdates(view.client, { 'u-anna': { online: false } }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Free chat' })).toBeNull());
  });

  it("opens our own chat for our show, and the partner's frame for a partner's show, never the other", async () => {
    const online = { online: true, flags: { free: true, exclusive: 0 } };
    const own = setup('/chat/u-anna/anna', showDetail({ ...online, contentproviderId: 1 }));
    await heading();
    expect(screen.getByRole('button', { name: 'Free chat' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Chat with Anna' })).toBeNull();
    own.view.unmount();
    act(() => chatActions.reset());

    const { view, api } = setup('/chat/u-anna/anna', showDetail({ ...online, contentproviderId: 2 }), {
      routes: { 'POST /api/chat/external/extend': () => jsonResponse({ ok: true }) },
    });
    await heading();
    expect(screen.queryByRole('button', { name: 'Free chat' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with Anna' }));
    await waitFor(() => expect(view.router.state.location.hash).toBe('#enter_chat'));
    const dialog = await screen.findByRole('dialog', { name: 'Anna' }, SLOW);
    const frame = await within(dialog).findByTitle('Chat with Anna', {}, SLOW);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/api/chat/external/vxm?show=u-anna&lang=en');
    // Our own chat is not started beside the partner's.
    expect(api.calls.some((c) => c.path.includes('chatsession'))).toBe(false);
  });

  it('drops #enter_chat without a running session (a reload, a shared link)', async () => {
    const { view } = setup('/chat/u-anna/anna#enter_chat', showDetail({ online: true }));
    await heading();
    await waitFor(() => expect(view.router.state.location.hash).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('answers an unknown show with the 404 page', async () => {
    setup('/chat/u-anna/anna', null);
    expect(await screen.findByRole('heading', { name: i18n.t('error_page.not_found.title') }, SLOW)).toBeVisible();
  });

  it('shows private and exclusive prices, the favorite heart and the facts', async () => {
    setup('/chat/u-anna/anna', showDetail({ flags: { free: false, exclusive: 1 }, pricePerMinute: 30 }));
    await heading();
    const prices = screen.getByRole('region', { name: 'Chat prices' });
    expect(prices).toHaveTextContent('Private chat30 coins/min');
    expect(prices).toHaveTextContent('Exclusive chat45 coins/min');
    expect(screen.getByRole('button', { name: i18n.t('favorites.toggle.add', { name: 'Anna' }) })).toBeVisible();
    expect(screen.getByText('Anna is online now')).toBeVisible();
    expect(screen.getByText('Hello there')).toBeVisible();
    expect(screen.getByText('I love long talks.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Blonde' })).toHaveAttribute('href', '/search/shows?tags=blonde');
    expect(document.title).toContain('Anna live');
  });

  it('offers exclusive only when bit 2 is set, and no exclusive price without a bit', async () => {
    setup(
      '/chat/u-anna/anna',
      showDetail({ flags: { free: false, exclusive: 2 }, pricePerMinute: 40, priceFactorExclusive: 200 }),
    );
    await heading();
    const prices = screen.getByRole('region', { name: 'Chat prices' });
    expect(prices).not.toHaveTextContent('Private chat');
    expect(prices).toHaveTextContent('Exclusive chat80 coins/min');
    expect(prices).toHaveTextContent(i18n.t('shows.page.exclusive_only'));
  });

  it('has the phone-chat box with her number and extension, and the free gallery', async () => {
    const phone = { phoneChat: true, phoneExtension: '4711', phoneChatOn: true };
    setup('/chat/u-anna/anna', showDetail({ ...phone, freeGalleryId: 9 }));
    await heading();
    const box = screen.getByRole('region', { name: 'Phone chat with Anna' });
    expect(within(box).getByRole('link', { name: 'Call Anna: 0900 5 654321, extension 4711' })).toHaveAttribute(
      'href',
      'tel:09005654321,4711',
    );
    expect(within(box).getByRole('status')).toHaveTextContent('Anna takes calls now');
    expect(box).toHaveTextContent('€1.99 per started minute');
    expect(screen.getByRole('link', { name: 'Free gallery' })).toHaveAttribute('href', '/galleries/pictures/u-anna/9');
  });

  it('follows her phone state live: connecting, busy, not taking calls; in German too', async () => {
    const { view } = setup(
      '/chat/u-anna/anna',
      showDetail({ phoneChat: true, phoneExtension: '4711', phoneChatOn: true }),
    );
    await heading();
    const status = () =>
      within(screen.getByRole('region', { name: /^(Phone chat with|Telefonchat mit) Anna$/ })).getByRole('status');
    act(() => applyShowUpdates(view.client, { 'u-anna': { phoneChatConnecting: true } }));
    await waitFor(() => expect(status()).toHaveTextContent('A caller is being put through to Anna'));
    act(() => applyShowUpdates(view.client, { 'u-anna': { phoneChatConnecting: false, phoneChatBusy: true } }));
    await waitFor(() => expect(status()).toHaveTextContent('Anna is on a call'));
    act(() => applyShowUpdates(view.client, { 'u-anna': { phoneChatBusy: false, phoneChatOn: false } }));
    await waitFor(() => expect(status()).toHaveTextContent('Anna is not taking calls right now'));
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('region', { name: 'Telefonchat mit Anna' })).toHaveTextContent('Durchwahl 4711');
    expect(status()).toHaveTextContent('Anna nimmt gerade keine Anrufe an');
    await act(() => i18n.changeLanguage('en'));
  });

  it('has no phone-chat box without phone chat', async () => {
    setup('/chat/u-anna/anna', showDetail());
    await heading();
    expect(screen.queryByRole('region', { name: 'Phone chat with Anna' })).not.toBeInTheDocument();
  });

  it('offers no number when no phone-chat line runs, even if the show says phone chat', async () => {
    const phone = { phoneChat: true, phoneExtension: '4711', phoneChatOn: true };
    setup('/chat/u-anna/anna', showDetail(phone), { config: { phone_chat: null } });
    await heading();
    expect(screen.queryByRole('region', { name: 'Phone chat with Anna' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /0900/ })).not.toBeInTheDocument();
  });

  it('offers to write her a message in a dialog over the page (#open-conversation; visitors sign in there)', async () => {
    const member = setup('/chat/u-anna/anna?tab=videos', showDetail(), { user: testUser() });
    await heading();
    const write = screen.getByRole('link', { name: 'Write Anna a message' });
    expect(write).toHaveAttribute('href', '/chat/u-anna/anna?tab=videos#open-conversation');
    expect(write).toHaveAttribute('aria-haspopup', 'dialog');
    member.view.unmount();
    setup('/chat/u-anna/anna', showDetail());
    await heading();
    expect(screen.getByRole('link', { name: 'Write Anna a message' })).toHaveAttribute(
      'href',
      '/chat/u-anna/anna#open-conversation',
    );
  });

  it('records a member visit once; not for visitors', async () => {
    const member = setup('/chat/u-anna/anna', showDetail(), { user: testUser() });
    await heading();
    await waitFor(() => expect(member.api.callsTo('POST /api/user/history/u-anna')).toHaveLength(1));
    await userEvent.setup().click(screen.getByRole('tab', { name: /Galleries/ }));
    expect(member.view.router.state.location.pathname).toBe('/chat/u-anna/anna/galleries');
    expect(member.api.callsTo('POST /api/user/history/u-anna')).toHaveLength(1);
    member.view.unmount();

    const visitor = setup('/chat/u-anna/anna', showDetail());
    await heading();
    expect(visitor.api.callsTo('POST /api/user/history/u-anna')).toHaveLength(0);
  });

  it('moves through the pictures with buttons and arrow keys', async () => {
    setup('/chat/u-anna/anna', showDetail({ previews: [1, 2, 3] }));
    await heading();
    const carousel = screen.getByRole('region', { name: 'Pictures of Anna' });
    expect(within(carousel).getByRole('img')).toHaveAccessibleName('Anna, picture 1 of 3');
    await userEvent.setup().click(within(carousel).getByRole('button', { name: 'Next picture' }));
    expect(within(carousel).getByRole('img')).toHaveAccessibleName('Anna, picture 2 of 3');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(within(carousel).getByRole('img')).toHaveAccessibleName('Anna, picture 3 of 3');
    await userEvent.setup().click(within(carousel).getByRole('button', { name: 'Show picture 1 of 3' }));
    expect(within(carousel).getByRole('img')).toHaveAccessibleName('Anna, picture 1 of 3');
  });

  it('redirects /-/:showid to the show page', async () => {
    const { view } = setup('/-/u-anna', showDetail());
    await heading();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/chat/u-anna/anna'));
  });

  it('maps /~shows to the shows', async () => {
    const { view } = setup('/~shows/chat/u-anna', showDetail());
    await heading();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/shows/chat/u-anna/anna'));
  });
});
