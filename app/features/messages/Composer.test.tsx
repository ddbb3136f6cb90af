import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { Conversation } from '#common/api/messages.ts';
import { ConversationPane } from './ConversationPane.tsx';
import { conversationRow, messageRow, pageOf } from './testing.ts';

const sent = (body: string, over: Partial<Conversation> = {}) =>
  jsonResponse({
    data: {
      message: messageRow({ messageid: 99, author: 'member', message: body, coins: 20 }),
      conversation: conversationRow({ messageid: 99, messagebody: body, ...over }),
      coins: 55,
    },
  });

function setup(conversation: Conversation, send: (call: ApiCall) => Response | Promise<Response>) {
  const onPriceChanged = vi.fn();
  const api = mockApi({
    'GET /api/conversations/1/messages': () => jsonResponse(pageOf([messageRow()])),
    'POST /api/conversations/show': send,
  });
  const view = renderWithProviders(
    <ConversationPane conversation={conversation} onGone={vi.fn()} onPriceChanged={onPriceChanged} />,
    {
      user: testUser({ coins: 100 }),
      config: { chat: { tip_amounts: [10, 25], minute_seconds: 60, voyeur_percent: 50, free_guest_seconds: 300 } },
    },
  );
  return { api, view, onPriceChanged, sends: () => api.callsTo('POST /api/conversations/show') };
}

async function write(text: string) {
  const input = screen.getByRole('textbox', { name: 'Your message' });
  await userEvent.type(input, text);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('composer', () => {
  it('shows the price per message, or free', async () => {
    mockApi({ 'GET /api/conversations/1/messages': () => jsonResponse(pageOf([])) });
    const { unmount } = renderWithProviders(
      <ConversationPane conversation={conversationRow()} onGone={vi.fn()} onPriceChanged={vi.fn()} />,
      { user: testUser() },
    );
    expect(await screen.findByText('Price per message: 20 coins')).toBeInTheDocument();
    unmount();
    const free = conversationRow({ showprofile: { ...conversationRow().showprofile, messageprice: 0 } });
    renderWithProviders(<ConversationPane conversation={free} onGone={vi.fn()} onPriceChanged={vi.fn()} />, {
      user: testUser(),
    });
    expect(await screen.findByText('Messages to this show are free')).toBeInTheDocument();
  });

  it('counts the characters', async () => {
    setup(conversationRow(), () => sent('x'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello');
    expect(screen.getByText('5 / 2000')).toBeInTheDocument();
  });

  it('sends text, show, nickname, the price shown and the tip; the balance and the list follow', async () => {
    const { sends, view } = setup(conversationRow(), () => sent('Hi Anna'));
    await screen.findByText('Hi there');
    await userEvent.click(screen.getByRole('combobox', { name: 'Add a tip' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No tip', '10 coins', '25 coins']);
    await userEvent.click(screen.getByRole('option', { name: '25 coins' }));
    await write('Hi Anna');
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.body).toEqual({ body: 'Hi Anna', showid: 'u-anna', pseudoid: 1, coins: 20, tip: 25 });
    expect(sends()[0]?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByText('Hi Anna')).toBeInTheDocument();
    await waitFor(() => expect(view.client.getQueryData(sessionQuery.queryKey)?.user?.coins).toBe(55));
    // The input is empty and has the focus again; the tip is back to none.
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Add a tip' })).toHaveTextContent('No tip');
  });

  it('reuses the draft key when the send is retried, and takes a new one for the next message', async () => {
    let fail = true;
    const { sends } = setup(conversationRow(), () =>
      fail ? jsonResponse({ error: 'server_error', message: 'server_error' }, 500) : sent('Again'),
    );
    await screen.findByText('Hi there');
    await write('Again');
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends()).toHaveLength(2));
    await screen.findByText('Again');
    await write('Next one');
    await waitFor(() => expect(sends()).toHaveLength(3));
    const keys = sends().map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a changed price refetches the conversation; the throttle says so', async () => {
    const answers = [
      apiError(409, {
        error: 'conflict',
        message: 'messages.price_changed',
        errors: { 'messages.price_changed': ['x'] },
      }),
      apiError(429, { error: 'throttle', message: 'throttle' }),
    ];
    const { onPriceChanged } = setup(conversationRow(), () => answers.shift() as Response);
    await screen.findByText('Hi there');
    await write('Hello');
    expect(
      await screen.findByText(
        'The price of a message to this show has just changed. Please check the new price and send again.',
      ),
    ).toBeInTheDocument();
    expect(onPriceChanged).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
    expect(onPriceChanged).toHaveBeenCalledTimes(1);
  });

  it('never renders message text as HTML', async () => {
    mockApi({
      'GET /api/conversations/1/messages': () =>
        jsonResponse(pageOf([messageRow({ message: '<img src=x onerror=alert(1)><b>bold</b>' })])),
    });
    renderWithProviders(
      <ConversationPane conversation={conversationRow()} onGone={vi.fn()} onPriceChanged={vi.fn()} />,
      {
        user: testUser(),
      },
    );
    expect(await screen.findByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });
});
