import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { showDetail } from '#app/features/shows/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { ShowConversation } from './ShowConversation.tsx';
import { conversationRow, messageRow } from './testing.ts';

describe('a show’s conversation', () => {
  it('before any message: an empty composer with her price; the first send makes the conversation', async () => {
    const api = mockApi({
      'GET /api/conversations/conversation': () => jsonResponse({ data: null }),
      'GET /api/shows/u-anna': () =>
        jsonResponse(showDetail({ universalId: 'u-anna', showName: 'Anna', messagePrice: 15 })),
      'POST /api/conversations/show': () =>
        jsonResponse({
          data: {
            message: messageRow({ messageid: 50, conversationid: 8, author: 'member', message: 'Hello Anna' }),
            conversation: conversationRow({ id: 8 }),
            coins: 85,
          },
        }),
    });
    const created = vi.fn();
    renderWithProviders(<ShowConversation showid="u-anna" onGone={vi.fn()} onCreated={created} />, {
      user: testUser({ coins: 100 }),
    });
    expect(await screen.findByText('Price per message: 15 coins')).toBeInTheDocument();
    expect(api.callsTo('GET /api/conversations/conversation')[0]?.query.get('showid')).toBe('u-anna');
    expect(screen.getByText('No messages yet. Write the first one to Anna.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith('/messages'))).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(created).toHaveBeenCalledWith(expect.objectContaining({ id: 8 })));
    expect(api.callsTo('POST /api/conversations/show')[0]?.body).toMatchObject({ showid: 'u-anna', coins: 15 });
  });

  it('opens the existing one', async () => {
    mockApi({
      'GET /api/conversations/conversation': () => jsonResponse({ data: conversationRow({ id: 3 }) }),
      'GET /api/conversations/3/messages': () =>
        jsonResponse({
          current_page: 1,
          last_page: 1,
          total: 1,
          more: false,
          data: [messageRow({ conversationid: 3 })],
        }),
    });
    renderWithProviders(<ShowConversation showid="u-anna" onGone={vi.fn()} />, { user: testUser() });
    expect(await screen.findByText('Hi there')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Anna' })).toBeInTheDocument();
  });
});
