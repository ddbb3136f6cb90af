import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import type { SupportThread } from '#common/api/admin-support.ts';
import { renderConsole } from '../testing.tsx';

/** The screen's chunk (with the data grid) loads on first use: slow on a busy machine. */
const LOADED = { timeout: 20_000 };

const conversation = {
  id: 4,
  email: 'member@example.com',
  name: null,
  lastBody: '<b>Help</b>',
  lastFromDesk: false,
  lastMessageAt: '2026-11-29T09:00:00.000Z',
  unread: 2,
};
const thread = (extra: SupportThread['messages'] = []): SupportThread => ({
  conversation: { ...conversation, unread: 0 },
  messages: [
    {
      id: 1,
      author: 'member',
      body: '<img src=x onerror=alert(1)>',
      createdAt: conversation.lastMessageAt,
      operatorName: null,
    },
    ...extra,
  ],
  total: 1 + extra.length,
});

describe('the support desk', { timeout: 60_000 }, () => {
  it('lists conversations with their unread marks, and reads them again when the socket says so', async () => {
    let unread = 2;
    mockApi({
      'GET /api/admin/support': () =>
        jsonResponse({ conversations: [{ ...conversation, unread }], total: 1, unread: 1 }),
    });
    const { live } = renderConsole('/admin/support', { roles: ['support'] });
    expect(await screen.findByRole('heading', { name: 'Support desk' }, LOADED)).toBeInTheDocument();
    expect(await screen.findByText('2 unread', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('<b>Help</b>')).toBeInTheDocument();
    unread = 3;
    live.changed(['support']);
    expect(await screen.findByText('3 unread')).toBeInTheDocument();
  });

  it('keeps the draft when a reply fails, and shows the reply once sent', async () => {
    let fail = true;
    let sent = false;
    const reply = {
      id: 2,
      author: 'staff' as const,
      body: 'We are on it.',
      createdAt: conversation.lastMessageAt,
      operatorName: 'Ops Tester',
    };
    const api = mockApi({
      'GET /api/admin/support/4': () => jsonResponse(thread(sent ? [reply] : [])),
      'POST /api/admin/support/4/reply': () => {
        if (fail) return apiError(500, { error: 'internal', message: 'unknown_error' });
        sent = true;
        return jsonResponse({ outcome: 'done', message: reply });
      },
    });
    renderConsole('/admin/support/4', { roles: ['support'] });
    expect(await screen.findByText('<img src=x onerror=alert(1)>', {}, LOADED)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your reply to the member/), 'We are on it.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect((await screen.findAllByText(/Something went wrong on the server/)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/Your reply to the member/)).toHaveValue('We are on it.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply has been sent.')).toBeInTheDocument();
    expect(await screen.findByText('Support (Ops Tester)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Your reply to the member/)).toHaveValue(''));
    const posts = api.callsTo('POST /api/admin/support/4/reply');
    // The retry of one reply keeps its key: the server sends it once.
    expect(posts[0]?.headers['idempotency-key']).toBe(posts[1]?.headers['idempotency-key']);
  });

  it('speaks German', async () => {
    mockApi({ 'GET /api/admin/support': () => jsonResponse({ conversations: [], total: 0, unread: 0 }) });
    renderConsole('/admin/support', { roles: ['admin'], locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Support-Postfach' })).toBeInTheDocument();
    expect(await screen.findByText('Noch hat kein Mitglied an den Support geschrieben.')).toBeInTheDocument();
  });
});
