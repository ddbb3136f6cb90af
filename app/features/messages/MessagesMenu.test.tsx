import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { MESSAGE_COUNT_POLL_MS } from '#common/constants.ts';
import { messageCountQuery } from './api.ts';
import { MessagesBadge } from './MessagesBadge.tsx';
import { MessagesMenu } from './MessagesMenu.tsx';
import { MessagesPopup } from './MessagesPopup.tsx';
import { useMessagePopup, useMessagePopupOption } from './store.ts';
import { conversationRow, pageOf } from './testing.ts';

const unreadOne = conversationRow({
  id: 4,
  unread: 2,
  showprofile: { ...conversationRow().showprofile, showname: 'Cleo' },
});

function serve(unread = [unreadOne]) {
  return mockApi({
    'GET /api/conversations/count': () => jsonResponse({ all: unread.reduce((n, c) => n + c.unread, 0) }),
    'GET /api/conversations': ({ query }) =>
      jsonResponse(query.get('unread') === '1' ? pageOf(unread) : pageOf([conversationRow({ id: 1, unread: 0 })])),
  });
}

afterEach(() => {
  act(() => {
    useMessagePopup.getState().dismiss();
    useMessagePopupOption.getState().setEnabled(true);
  });
});

describe('messages menu', () => {
  it('polls the count every 60 s under the shell’s key', () => {
    expect(messageCountQuery.queryKey).toEqual(['conversations', 'count']);
    expect(messageCountQuery.refetchInterval).toBe(MESSAGE_COUNT_POLL_MS);
  });

  it('shows the unread count as its badge, and in the bottom navigation', async () => {
    serve();
    renderWithProviders(
      <>
        <MessagesMenu />
        <MessagesBadge>
          <span>mail</span>
        </MessagesBadge>
      </>,
      { user: testUser() },
    );
    const button = await screen.findByRole('button', { name: 'Messages, 2 unread' });
    expect(within(button).getByText('2')).toBeInTheDocument();
    expect(screen.getAllByText('2')).toHaveLength(2);
  });

  it('lists the unread conversations and the latest contacts without them (collapsed), and links the page', async () => {
    const api = serve();
    renderWithProviders(<MessagesMenu />, { user: testUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Messages, 2 unread' }));
    const menu = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(menu).findByRole('link', { name: /^Cleo/ })).toHaveAttribute('href', '/messages/4');
    await waitFor(() => expect(api.callsTo('GET /api/conversations')).toHaveLength(2));
    const [unread, latest] = api.callsTo('GET /api/conversations').map((c) => Object.fromEntries(c.query));
    expect(unread).toEqual({ unread: '1', limit: '50' });
    expect(latest).toEqual({ limit: '3', order_by: 'online', conversations_not: '4' });
    const toggle = await within(menu).findByRole('button', { name: 'Latest contacts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('link', { name: /^Anna/ })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    // A latest contact opens in place, over the page she is on.
    expect(await within(menu).findByRole('link', { name: /^Anna/ })).toHaveAttribute('href', '/#open-conversation');
    expect(within(menu).getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/messages');
  });

  it('without any conversation: both empty states, the latest ones loading first', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockApi({
      'GET /api/conversations/count': () => jsonResponse({ all: 0 }),
      'GET /api/conversations': ({ query }) =>
        query.get('unread') === '1' ? jsonResponse(pageOf([])) : new Promise<Response>((r) => (answer = r)),
    });
    renderWithProviders(<MessagesMenu />, { user: testUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Messages, 0 unread' }));
    const menu = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(menu).findByText('No unread messages.')).toBeInTheDocument();
    // Nothing unread: the latest contacts are open, no toggle.
    expect(within(menu).queryByRole('button', { name: 'Latest contacts' })).not.toBeInTheDocument();
    expect(await within(menu).findByRole('progressbar', { name: 'Loading the latest contacts…' })).toBeInTheDocument();
    act(() => answer(jsonResponse(pageOf([]))));
    expect(await within(menu).findByText('No conversations yet. Write to a show from her page.')).toBeInTheDocument();
  });

  it('is not there for visitors and asks nothing', () => {
    const api = mockApi({});
    renderWithProviders(<MessagesMenu />, { user: null });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('messages pop-up', () => {
  it('opens on a new message when the option is on and unread conversations exist', async () => {
    serve();
    renderWithProviders(<MessagesPopup />, { user: testUser() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => useMessagePopup.getState().request());
    const popup = await screen.findByRole('dialog', { name: 'New messages' });
    expect(within(popup).getByRole('link', { name: /^Cleo/ })).toHaveAttribute('href', '/messages/4');
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the latest contacts under the unread ones, collapsed; they open in place', async () => {
    const api = serve();
    renderWithProviders(<MessagesPopup />, { user: testUser(), route: '/videos' });
    act(() => useMessagePopup.getState().request());
    const popup = await screen.findByRole('dialog', { name: 'New messages' });
    const toggle = await within(popup).findByRole('button', { name: 'Latest contacts' });
    const latest = api.callsTo('GET /api/conversations').find((c) => c.query.get('order_by') === 'online');
    expect(Object.fromEntries(latest?.query ?? [])).toEqual({ limit: '3', order_by: 'online', conversations_not: '4' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(popup).queryByRole('link', { name: /^Anna/ })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const anna = await within(popup).findByRole('link', { name: /^Anna/ });
    expect(anna).toHaveAttribute('href', '/videos#open-conversation');
    await userEvent.click(toggle);
    await waitFor(() => expect(within(popup).queryByRole('link', { name: /^Anna/ })).not.toBeInTheDocument());
  });

  it('stays shut with the option off, and without unread conversations', async () => {
    const api = serve();
    act(() => useMessagePopupOption.getState().setEnabled(false));
    renderWithProviders(<MessagesPopup />, { user: testUser() });
    act(() => useMessagePopup.getState().request());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('stays shut when nothing is unread', async () => {
    const api = serve([]);
    renderWithProviders(<MessagesPopup />, { user: testUser() });
    act(() => useMessagePopup.getState().request());
    await waitFor(() => expect(api.callsTo('GET /api/conversations')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('its switch turns the option off (persisted)', async () => {
    serve();
    renderWithProviders(<MessagesPopup />, { user: testUser() });
    act(() => useMessagePopup.getState().request());
    const popup = await screen.findByRole('dialog', { name: 'New messages' });
    await userEvent.click(within(popup).getByRole('switch', { name: 'Show the pop-up when a message arrives' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('livecam.message-popup') ?? '{}').state).toEqual({ enabled: false });
  });
});
