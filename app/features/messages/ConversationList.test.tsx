import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { MessagesPage } from './MessagesPage.tsx';
import { conversationRow, pageOf } from './testing.ts';

const member = testUser({
  nicknames: {
    data: [
      { id: 1, nickname: 'Nick' },
      { id: 2, nickname: 'Night.Owl' },
    ],
    current_nickname: { id: 1, nickname: 'Nick' },
  },
});

function setup(answer: (q: URLSearchParams) => Response) {
  const api = mockApi({
    'GET /api/conversations': ({ query }) => answer(query),
    'GET /api/conversations/count': () => jsonResponse({ all: 0 }),
  });
  renderWithProviders(<MessagesPage />, { user: member, route: '/messages' });
  const lists = () => api.callsTo('GET /api/conversations').map((c) => Object.fromEntries(c.query));
  return { api, lists };
}

describe('conversation list', () => {
  it('lists conversations: name, last message, unread count', async () => {
    setup(() =>
      jsonResponse(
        pageOf([
          conversationRow({ id: 1, unread: 2, showprofile: { ...conversationRow().showprofile, online: true } }),
          conversationRow({
            id: 2,
            showid: 'u-bea',
            showprofile: { ...conversationRow().showprofile, showname: 'Bea' },
          }),
        ]),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const items = within(list).getAllByRole('link');
    expect(items[0]).toHaveAccessibleName('Anna, Online, 2 unread messages, Hello you');
    expect(items[0]).toHaveAttribute('href', '/messages/1');
    expect(items[1]).toHaveAccessibleName('Bea, Offline, Hello you');
  });

  it('filters by show name from 3 characters, by nickname, unread only, and orders', async () => {
    const { lists } = setup(() => jsonResponse(pageOf([conversationRow()])));
    await screen.findByRole('list', { name: 'Conversations' });
    expect(lists()[0]).toMatchObject({ page: '1', order_by: 'messagedate' });
    expect(lists()[0]).not.toHaveProperty('showname');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Show name' }), 'An');
    expect(await screen.findByText('Filters from 3 characters')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(lists().some((q) => 'showname' in q)).toBe(false);
    await user.type(screen.getByRole('searchbox', { name: 'Show name' }), 'n');
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ showname: 'Ann' }));

    await user.click(screen.getByRole('combobox', { name: 'Nickname' }));
    await user.click(await screen.findByRole('option', { name: 'Night.Owl' }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ showname: 'Ann', nickname: '2' }));

    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ unread: '1' }));

    await user.click(screen.getByRole('combobox', { name: 'Order' }));
    await user.click(await screen.findByRole('option', { name: 'Online first' }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ order_by: 'online', unread: '1', nickname: '2' }));
  });

  it('appends later pages to the list', async () => {
    const { lists } = setup((q) =>
      q.get('page') === '2'
        ? jsonResponse(
            pageOf(
              [conversationRow({ id: 3, showprofile: { ...conversationRow().showprofile, showname: 'Cleo' } })],
              2,
              2,
            ),
          )
        : jsonResponse(
            pageOf(
              [
                conversationRow({ id: 1 }),
                conversationRow({ id: 2, showprofile: { ...conversationRow().showprofile, showname: 'Bea' } }),
              ],
              1,
              2,
            ),
          ),
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/messages/1', '/messages/2', '/messages/3']);
    expect(lists().map((q) => q.page)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the service is down and retries', async () => {
    let down = true;
    setup(() =>
      down
        ? jsonResponse({ error: 'unavailable', message: 'unavailable' }, 503)
        : jsonResponse(pageOf([conversationRow()])),
    );
    expect(
      await screen.findByText('Messages are not available at the moment. Please try again later.'),
    ).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    setup(() => jsonResponse(pageOf([])));
    expect(await screen.findByText('No conversations yet. Write to a show from her page.')).toBeInTheDocument();
  });
});
