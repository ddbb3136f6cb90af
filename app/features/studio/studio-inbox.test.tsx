import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import type { StudioConversation, StudioMessage, StudioPicture } from '#common/api/studio-messages.ts';
import { StudioInboxPage } from './StudioInboxPage.tsx';
import { studioMe } from './testing.ts';

/** The performer's socket as far as the inbox uses it: the test raises its events. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, (payload: unknown) => void>();
  return {
    handlers,
    disconnected: 0,
    emit: (event: string, payload: unknown) => handlers.get(event)?.(payload),
  };
});
vi.mock('#app/features/showchat/performer-socket.ts', () => ({
  openPerformerSocket: () => ({
    on: (event: string, fn: (payload: unknown) => void) => socket.handlers.set(event, fn),
    disconnect: () => {
      socket.disconnected += 1;
    },
  }),
}));

const conversation = (over: Partial<StudioConversation> = {}): StudioConversation => ({
  id: 11,
  nickname: 'Maxi',
  closedAccount: false,
  lastMessage: { body: 'Are you online tonight?', time: 1_760_000_000, fromMember: true },
  unread: 2,
  blockedByMember: false,
  blockedByShow: false,
  ...over,
});
const message = (over: Partial<StudioMessage> = {}): StudioMessage => ({
  id: 101,
  conversationId: 11,
  author: 'member',
  body: 'Are you online tonight?',
  time: 1_760_000_000,
  read: false,
  coins: 20,
  tip: 0,
  deletedByMember: false,
  attachment: null,
  ...over,
});
const page = <T,>(data: T[], more = false) => ({
  current_page: 1,
  last_page: more ? 2 : 1,
  total: data.length,
  data,
  more,
});
const picture: StudioPicture = { imageId: 501, gallery: 'Beach days', thumb: '/media/pictures/t.s' };

/** A studio server with two conversations; answers a reply with it. */
function inboxServer(over: { reply?: () => Response; conversations?: StudioConversation[] } = {}) {
  let conversations = over.conversations ?? [
    conversation(),
    conversation({
      id: 12,
      nickname: 'Tom',
      unread: 0,
      lastMessage: { body: 'Bye', time: 1_750_000_000, fromMember: false },
    }),
  ];
  const api = mockApi({
    'GET /api/studio/me': () => jsonResponse(studioMe()),
    'GET /api/studio/conversations/count': () =>
      jsonResponse({ unread: conversations.reduce((n, c) => n + c.unread, 0) }),
    'GET /api/studio/conversations': () => jsonResponse(page(conversations)),
    'GET /api/studio/conversations/11/messages': () =>
      jsonResponse(page([message(), message({ id: 102, body: 'Line one\nline <b>two</b>', coins: 0, tip: 10 })])),
    'POST /api/studio/conversations/11/read': () => {
      conversations = conversations.map((c) => (c.id === 11 ? { ...c, unread: 0 } : c));
      return jsonResponse({ ok: true });
    },
    'POST /api/studio/conversations/11/block': () => {
      conversations = conversations.map((c) => (c.id === 11 ? { ...c, blockedByShow: true } : c));
      return jsonResponse({ data: conversations[0] });
    },
    'POST /api/studio/conversations/11/reply': () =>
      over.reply?.() ?? jsonResponse({ data: message({ id: 103, author: 'show', body: 'Yes!' }) }),
    'GET /api/studio/pictures': () => jsonResponse(page([picture])),
  });
  return api;
}

const open = (route = '/studio/messages', lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<StudioInboxPage />, { route, path: '/studio/messages', lang });

describe('the studio inbox', () => {
  it('lists conversations with their unread counts and a badge on the tab', async () => {
    inboxServer();
    open();
    const nav = await screen.findByRole('navigation', { name: 'Conversations' }, { timeout: 5_000 });
    const rows = within(nav).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Maxi'), expect.stringContaining('Tom')]);
    expect(within(rows[0] as HTMLElement).getByLabelText('2 unread messages')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('You: Bye');
    expect(await screen.findByRole('tab', { name: 'Messages, 2 unread' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Choose a conversation to read and answer it.')).toBeInTheDocument();
  });

  it('names a member who closed her account a closed account', async () => {
    inboxServer({ conversations: [conversation({ nickname: null, closedAccount: true })] });
    open();
    const nav = await screen.findByRole('navigation', { name: 'Conversations' }, { timeout: 5_000 });
    expect(within(nav).getByRole('button')).toHaveTextContent('A closed account');
  });

  it('opens a conversation by keyboard, marks it read and shows plain text', async () => {
    const api = inboxServer();
    open();
    const nav = await screen.findByRole('navigation', { name: 'Conversations' }, { timeout: 5_000 });
    within(nav).getAllByRole('button')[0]?.focus();
    await userEvent.keyboard('{Enter}');
    const log = await screen.findByRole('log', { name: 'Messages with Maxi' });
    await waitFor(() => expect(within(log).getAllByTestId('studio-message')).toHaveLength(2));
    expect(within(log).getByText('Paid 20 coins')).toBeInTheDocument();
    expect(within(log).getByText('Tip: 10 coins')).toBeInTheDocument();
    // Markup stays text.
    expect(within(log).getByText(/line <b>two<\/b>/)).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /api/studio/conversations/11/read')).toHaveLength(1));
  });

  it('sends a reply with a picture and its price, refusing a price out of range', async () => {
    const api = inboxServer();
    open('/studio/messages?c=11');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your reply' }), 'Yes!');
    await userEvent.click(screen.getByRole('button', { name: 'Attach a picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a picture' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Picture from “Beach days”' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const price = screen.getByRole('textbox', { name: 'Price to unlock, coins' });
    await userEvent.clear(price);
    await userEvent.type(price, '2000');
    expect(screen.getByText('Please enter a whole number from 0 to 1000.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.clear(price);
    await userEvent.type(price, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST /api/studio/conversations/11/reply')).toHaveLength(1));
    expect(api.callsTo('POST /api/studio/conversations/11/reply')[0]?.body).toEqual({
      body: 'Yes!',
      attachment: { imageId: 501, coins: 40 },
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveValue(''));
  });

  it('says so when the member has blocked her, and blocks the member', async () => {
    const api = inboxServer({
      reply: () =>
        apiError(409, {
          error: 'conflict',
          message: 'messages.blocked_member',
          errors: { 'messages.blocked_member': ['messages.blocked_member'] },
        }),
    });
    open('/studio/messages?c=11');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your reply' }), 'Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The member has blocked you');
    await userEvent.click(screen.getByRole('switch', { name: 'Block member' }));
    expect(await screen.findByText(/You have blocked this member/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/studio/conversations/11/block')).toHaveLength(1);
  });

  it('reads the list again when the socket says a member wrote', async () => {
    const api = inboxServer();
    open();
    await screen.findByRole('navigation', { name: 'Conversations' }, { timeout: 5_000 });
    const before = api.callsTo('GET /api/studio/conversations').length;
    await waitFor(() => expect(socket.handlers.has('studio:message')).toBe(true));
    socket.emit('studio:message', { conversationid: 11 });
    await waitFor(() => expect(api.callsTo('GET /api/studio/conversations').length).toBeGreaterThan(before));
  });

  it('is in German too, and says when nobody has written yet', async () => {
    inboxServer({ conversations: [] });
    open('/studio/messages', 'de');
    expect(await screen.findByText('Noch hat Ihnen kein Mitglied geschrieben.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Studio' })).toBeInTheDocument();
  });
});
