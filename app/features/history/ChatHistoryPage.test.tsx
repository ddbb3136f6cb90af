import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { showTileRow } from '#app/features/favorites/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { ChatHistoryEntry } from './ChatHistoryItem.tsx';
import { ChatHistoryPage } from './ChatHistoryPage.tsx';

type EntryOver = Partial<Omit<ChatHistoryEntry, 'show'>> & {
  showName?: string;
  slugName?: string;
  universalId?: string;
};

const entry = ({
  showName = 'Anna',
  slugName = 'anna',
  universalId = '112345',
  ...over
}: EntryOver = {}): ChatHistoryEntry => ({
  id: '6f1c1d8e-2a44-4b8f-9d61-0c1f3f6a7b21',
  show: showTileRow({ universalId, showName, slugName }),
  session_type: 'private',
  started_at: '2026-11-20T18:30:00.000Z',
  ended_at: '2026-11-20T18:42:00.000Z',
  minutes: 12,
  coins: 360,
  rating: 80,
  ...over,
});

const renderPage = (lang: 'en' | 'de' = 'en') =>
  renderWithProviders(<ChatHistoryPage />, { route: '/users/profile/chats', user: testUser(), lang });

const items = async (name = 'Your chats') => within(await screen.findByRole('list', { name })).getAllByRole('listitem');

describe('chat history page', () => {
  it('lists the sessions with show, kind, date, minutes, coins and rating', async () => {
    mockApi({
      'GET /api/user/chathistory': () =>
        jsonResponse({
          list: [
            entry({
              id: 'a0000000-0000-4000-8000-000000000001',
              ended_at: null,
              session_type: 'exclusive',
              rating: null,
            }),
            entry(),
            entry({
              id: 'a0000000-0000-4000-8000-000000000003',
              showName: 'Bea',
              slugName: 'bea',
              universalId: '254321',
              session_type: 'free',
              minutes: 3,
              coins: 0,
              rating: null,
            }),
            entry({ id: 'a0000000-0000-4000-8000-000000000004', minutes: 1, coins: 1, rating: null }),
          ],
          timestamp: 1_790_000_000,
        }),
    });
    renderPage();
    const [running, rated, free, unrated] = await items();
    expect(running).toHaveTextContent('Exclusive chat');
    expect(running).toHaveTextContent('running now');
    expect(running).not.toHaveTextContent('not rated');
    expect(within(rated as HTMLElement).getByRole('link', { name: 'Open the page of Anna' })).toHaveAttribute(
      'href',
      '/chat/112345/anna',
    );
    expect(rated).toHaveTextContent('Private chat');
    expect(rated).toHaveTextContent('12 min · 360 coins · Your rating: 80 %');
    expect(within(rated as HTMLElement).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-20T18:30:00.000Z');
    expect(free).toHaveTextContent('Free chat');
    expect(free).toHaveTextContent('3 min · free');
    expect(within(free as HTMLElement).getByRole('link', { name: 'Open the page of Bea' })).toHaveAttribute(
      'href',
      '/chat/254321/bea',
    );
    expect(unrated).toHaveTextContent('1 min · 1 coin · not rated');
  });

  it('speaks German', async () => {
    mockApi({ 'GET /api/user/chathistory': () => jsonResponse({ list: [entry()], timestamp: 1 }) });
    renderPage('de');
    const [item] = await items('Ihre Chats');
    expect(item).toHaveTextContent('Privatchat');
    expect(item).toHaveTextContent('12 Min. · 360 Coins · Ihre Bewertung: 80 %');
  });

  it('shows a placeholder while loading', async () => {
    mockApi({ 'GET /api/user/chathistory': () => new Promise<Response>(() => {}) });
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading your chats…' })).toBeInTheDocument();
  });

  it('says when there are none, with a way to the shows', async () => {
    mockApi({ 'GET /api/user/chathistory': () => jsonResponse({ list: [], timestamp: 1 }) });
    renderPage('de');
    expect(await screen.findByText('Sie haben noch mit niemandem gechattet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shows ansehen' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when the list cannot be loaded, and shows it once it can', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/user/chathistory': () =>
        fail
          ? apiError(500, { error: 'internal', message: 'unknown_error' })
          : jsonResponse({ list: [entry()], timestamp: 1 }),
    });
    renderPage();
    expect(await screen.findByText('Your chat history could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await items()).toHaveLength(1);
    expect(api.callsTo('GET /api/user/chathistory')).toHaveLength(2);
  });
});
