import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { Conversation } from '#common/api/messages.ts';
import { ConversationPane } from './ConversationPane.tsx';
import { MessagesPage } from './MessagesPage.tsx';
import { conversationRow, messageRow, pageOf } from './testing.ts';

const messagesOf = (ids: number[], page: number, last: number) =>
  pageOf(
    ids.map((id) => messageRow({ messageid: id, message: `Message ${id}`, author: id % 2 ? 'show' : 'member' })),
    page,
    last,
  );

function renderPane(conversation: Conversation = conversationRow(), onGone = vi.fn()) {
  return renderWithProviders(
    <div style={{ height: 600 }}>
      <ConversationPane conversation={conversation} onGone={onGone} onPriceChanged={vi.fn()} />
    </div>,
    { user: testUser({ coins: 100 }) },
  );
}

const texts = () =>
  within(screen.getByRole('list', { name: 'Messages with Anna' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('conversation pane', () => {
  it('puts older pages before the loaded messages', async () => {
    const api = mockApi({
      'GET /api/conversations/1/messages': ({ query }) =>
        jsonResponse(query.get('page') === '2' ? messagesOf([3, 4], 2, 2) : messagesOf([5, 6], 1, 2)),
    });
    renderPane();
    await screen.findByText('Message 6');
    expect(texts()).toEqual(['Message 5', 'Message 6']);
    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(texts()).toEqual(['Message 3', 'Message 4', 'Message 5', 'Message 6']));
    expect(api.callsTo('GET /api/conversations/1/messages').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('shows the draft at half opacity while sending and removes it when the send fails', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({
      'GET /api/conversations/1/messages': () => jsonResponse(messagesOf([5], 1, 1)),
      'POST /api/conversations/show': () => new Promise<Response>((r) => (answer = r)),
    });
    renderPane();
    await screen.findByText('Message 5');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const draft = (await screen.findByText('Are you there?')).closest('li');
    expect(draft).toHaveAttribute('data-draft', 'true');
    expect(draft).toHaveStyle({ opacity: '0.5' });
    expect(within(draft as HTMLElement).getByText('Sending …')).toBeInTheDocument();
    act(() =>
      answer(
        apiError(402, { error: 'no_coins', message: 'messages.no_coins', errors: { 'messages.no_coins': ['x'] } }),
      ),
    );
    expect(await screen.findByText('You do not have enough coins for this message.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy coins' })).toHaveAttribute('href', '/billing');
    expect(texts()).toEqual(['Message 5']);
    // The text is back in the input, to send again.
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Are you there?');
  });

  it('block toggle flips the state and reloads the messages', async () => {
    const api = mockApi({
      'GET /api/conversations/1/messages': () => jsonResponse(messagesOf([5], 1, 1)),
      'POST /api/conversations/block/u-anna': () =>
        jsonResponse({ data: conversationRow({ block: { memberstatus: 1, blocked_by_show: false } }) }),
    });
    const { client } = renderPane();
    await screen.findByText('Message 5');
    // The list holds the same conversation: it follows.
    client.setQueryData(['conversations', 'list', {}], pageOf([conversationRow()]));
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(client.getQueryData<{ data: Conversation[] }>(['conversations', 'list', {}])?.data[0]?.block).toEqual({
        memberstatus: 1,
        blocked_by_show: false,
      }),
    );
    await waitFor(() => expect(api.callsTo('GET /api/conversations/1/messages')).toHaveLength(2));
  });

  it('the blocked pane offers unblock instead of the input', async () => {
    mockApi({ 'GET /api/conversations/1/messages': () => jsonResponse(messagesOf([5], 1, 1)) });
    renderPane(conversationRow({ block: { memberstatus: 1, blocked_by_show: false } }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('You have blocked this show. Unblock it to write to it.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });

  it('deletes a selected message and clears the selection', async () => {
    const api = mockApi({
      'GET /api/conversations/1/messages': () => jsonResponse(messagesOf([5, 6], 1, 1)),
      'DELETE /api/conversations/message/5': () => jsonResponse({ ok: true }),
    });
    renderPane();
    await screen.findByText('Message 5');
    const first = screen.getAllByRole('button', { name: 'Select message' })[0] as HTMLElement;
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(texts()).toEqual(['Message 6']));
    expect(api.callsTo('DELETE /api/conversations/message/5')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select message' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('reads an unread conversation when it opens', async () => {
    const api = mockApi({
      'GET /api/conversations/1/messages': () =>
        jsonResponse(pageOf([messageRow({ messageid: 5, message: 'New one', unread: true })])),
      'POST /api/conversations/read': () => jsonResponse({ ok: true }),
    });
    renderPane(conversationRow({ unread: 1 }));
    await waitFor(() => expect(api.callsTo('POST /api/conversations/read')[0]?.body).toEqual({ ids: [1] }));
    expect(await screen.findByText('New')).toBeInTheDocument();
  });

  it('reads it when the list said nothing but a message is unread', async () => {
    const api = mockApi({
      'GET /api/conversations/1/messages': () =>
        jsonResponse(pageOf([messageRow({ messageid: 5, message: 'Fresh', unread: true })])),
      'POST /api/conversations/read': () => jsonResponse({ ok: true }),
    });
    renderPane(conversationRow({ unread: 0 }));
    await waitFor(() => expect(api.callsTo('POST /api/conversations/read')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST /api/conversations/read')).toHaveLength(1);
  });

  it('deletes the conversation after a confirmation', async () => {
    const api = mockApi({
      'GET /api/conversations/1/messages': () => jsonResponse(messagesOf([5], 1, 1)),
      'DELETE /api/conversations/1': () => jsonResponse({ ok: true }),
    });
    const gone = vi.fn();
    renderPane(conversationRow(), gone);
    await screen.findByText('Message 5');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Conversation actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the conversation with Anna?' });
    expect(api.callsTo('DELETE /api/conversations/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(gone).toHaveBeenCalled());
    expect(api.callsTo('DELETE /api/conversations/1')).toHaveLength(1);
  });
});

describe('read all', () => {
  it('repeats read_all until the remaining count stops changing, then nothing is unread', async () => {
    const remaining = [5, 2, 2, 0];
    const api = mockApi({
      'GET /api/conversations': () => jsonResponse(pageOf([conversationRow({ unread: 3 })])),
      'GET /api/conversations/count': () => jsonResponse({ all: 3, 'u-anna': 3 }),
      'POST /api/conversations/read_all': () => jsonResponse({ remaining: remaining.shift() }),
    });
    renderWithProviders(<MessagesPage />, { user: testUser(), route: '/messages' });
    const button = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(await screen.findByRole('link', { name: /3 unread messages/ })).toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(api.callsTo('POST /api/conversations/read_all')).toHaveLength(3));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Anna, Offline, Hello you' })).toBeInTheDocument());
  });
});
