import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { WriteMessageButton } from '#app/features/shows/ShowActions.tsx';
import { showDetail } from '#app/features/shows/testing.ts';
import { HashDialogs } from '#app/shell/HashDialogs.tsx';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { ConversationRows } from './ConversationRows.tsx';
import { conversationRow, messageRow, pageOf } from './testing.ts';

const anna = showDetail({ universalId: 'u-anna', showName: 'Anna', messagePrice: 15 });
const SLOW = { timeout: 5_000 };

/** A show's page: her "write a message" link, and the shell's hash dialogs. */
const showPage = (user: ReturnType<typeof testUser> | null) =>
  renderWithProviders(
    <>
      <WriteMessageButton show={anna} />
      <HashDialogs />
    </>,
    { path: '/chat/:showid', route: '/chat/u-anna?tab=videos', user },
  );

describe('#open-conversation', () => {
  it('opens her conversation over the page, new while none exists; closing removes the hash and gives the focus back', async () => {
    const api = mockApi({
      'GET /api/conversations/conversation': () => jsonResponse({ data: null }),
      'GET /api/shows/u-anna': () => jsonResponse(anna),
      'POST /api/conversations/show': () =>
        jsonResponse({
          data: {
            message: messageRow({ messageid: 50, conversationid: 8, author: 'member', message: 'Hello Anna' }),
            conversation: conversationRow({ id: 8 }),
            coins: 85,
          },
        }),
    });
    const { router } = showPage(testUser({ coins: 100 }));
    const write = screen.getByRole('link', { name: 'Write Anna a message' });
    await userEvent.click(write);
    expect(router.state.location).toMatchObject({ pathname: '/chat/u-anna', search: '?tab=videos' });
    expect(router.state.location.hash).toBe('#open-conversation');
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' }, SLOW);
    expect(await within(dialog).findByText('Price per message: 15 coins')).toBeInTheDocument();
    expect(api.callsTo('GET /api/conversations/conversation')[0]?.query.get('showid')).toBe('u-anna');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Hello Anna');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST /api/conversations/show')).toHaveLength(1));
    expect(api.callsTo('POST /api/conversations/show')[0]?.body).toMatchObject({ showid: 'u-anna', coins: 15 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location).toMatchObject({ pathname: '/chat/u-anna', search: '?tab=videos', hash: '' });
    await waitFor(() => expect(write).toHaveFocus());
  });

  it('Escape closes it and removes the hash', async () => {
    mockApi({
      'GET /api/conversations/conversation': () => jsonResponse({ data: conversationRow({ id: 3 }) }),
      'GET /api/conversations/3/messages': () => jsonResponse(pageOf([messageRow({ message: 'Hi there' })])),
    });
    const { router } = showPage(testUser());
    await userEvent.click(screen.getByRole('link', { name: 'Write Anna a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' }, SLOW);
    expect(await within(dialog).findByText('Hi there')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a visitor gets the sign-in dialog instead, and nothing about conversations is asked', async () => {
    const api = mockApi({});
    showPage(null);
    await userEvent.click(screen.getByRole('link', { name: 'Write Anna a message' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up for free' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Conversation' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/conversations'))).toHaveLength(0);
  });

  it('a visitor who signs in there goes on to the conversation', async () => {
    mockApi({
      'POST /api/auth/login': () => jsonResponse({ user: testUser() }),
      'GET /api/conversations/conversation': () => jsonResponse({ data: conversationRow({ id: 3 }) }),
      'GET /api/conversations/3/messages': () => jsonResponse(pageOf([messageRow({ message: 'Hi there' })])),
    });
    const { router } = showPage(null);
    await userEvent.click(screen.getByRole('link', { name: 'Write Anna a message' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign up for free' }, SLOW);
    await userEvent.click(within(signIn).getByRole('tab', { name: 'Log in' }));
    await userEvent.type(within(signIn).getByLabelText(/user name or e-mail/i), 'demo@livecam.local');
    await userEvent.type(within(signIn).getByLabelText(/^password/i), 'secret-password');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' }, SLOW);
    expect(await within(dialog).findByText('Hi there')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#open-conversation');
  });

  it('a latest contact in the messages lists opens her conversation in place, on any page', async () => {
    const api = mockApi({
      'GET /api/conversations': ({ query }) =>
        jsonResponse(
          query.get('unread') === '1'
            ? pageOf([])
            : pageOf([
                conversationRow({
                  id: 5,
                  showid: 'u-cleo',
                  showprofile: { ...conversationRow().showprofile, showname: 'Cleo' },
                }),
              ]),
        ),
      'GET /api/conversations/conversation': () => jsonResponse({ data: conversationRow({ id: 5, showid: 'u-cleo' }) }),
      'GET /api/conversations/5/messages': () => jsonResponse(pageOf([messageRow({ message: 'See you' })])),
    });
    const { router } = renderWithProviders(
      <>
        <ConversationRows onPick={() => undefined} />
        <HashDialogs />
      </>,
      { route: '/videos?page=2', user: testUser() },
    );
    const contact = await screen.findByRole('link', { name: /^Cleo/ });
    expect(contact).toHaveAttribute('href', '/videos?page=2#open-conversation');
    await userEvent.click(contact);
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' }, SLOW);
    expect(await within(dialog).findByText('See you')).toBeInTheDocument();
    expect(api.callsTo('GET /api/conversations/conversation')[0]?.query.get('showid')).toBe('u-cleo');
    expect(router.state.location).toMatchObject({ pathname: '/videos', search: '?page=2' });
  });
});
