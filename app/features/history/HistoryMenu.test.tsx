import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { showTileRow } from '#app/features/favorites/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { HistoryMenu } from './HistoryMenu.tsx';

const open = async () => userEvent.click(await screen.findByRole('button', { name: 'Recently visited' }));

describe('history menu', () => {
  it('lists the shows visited last, each linking to its show; asks only when opened', async () => {
    const api = mockApi({
      'GET /api/user/history': () =>
        jsonResponse({
          data: [
            { id: 2, show: showTileRow({ universalId: 'u-bea', showName: 'Bea', slugName: 'bea' }), visited_at: '' },
            { id: 1, show: showTileRow({ online: true }), visited_at: '' },
          ],
        }),
    });
    renderWithProviders(<HistoryMenu />, { user: testUser() });
    expect(api.calls).toHaveLength(0);
    await open();
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: /Bea/ });
    const [bea, anna] = within(menu).getAllByRole('menuitem');
    expect(bea).toHaveAttribute('href', '/chat/u-bea/bea');
    expect(anna).toHaveTextContent('AnnaOnline');
    expect(within(menu).getByRole('menuitem', { name: 'Chat history' })).toHaveAttribute(
      'href',
      '/users/profile/chats',
    );
  });

  it('says when it is empty', async () => {
    mockApi({ 'GET /api/user/history': () => jsonResponse({ data: [] }) });
    renderWithProviders(<HistoryMenu />, { user: testUser() });
    await open();
    expect(await screen.findByText('You have not visited any shows yet.')).toBeInTheDocument();
  });

  it('says when the history is switched off, with a link to the settings, and asks nothing', async () => {
    const api = mockApi({});
    renderWithProviders(<HistoryMenu />, { user: testUser({ show_history: false }), lang: 'de' });
    await userEvent.click(await screen.findByRole('button', { name: 'Zuletzt besucht' }));
    expect(await screen.findByText('Ihr Besuchsverlauf ist ausgeschaltet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'In den Einstellungen ändern' })).toHaveAttribute(
      'href',
      '/users/profile/settings',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('is not there for visitors', () => {
    renderWithProviders(<HistoryMenu />, { user: null });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
