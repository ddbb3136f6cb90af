import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { conversationRow, pageOf } from '#app/features/messages/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { BottomNav } from './BottomNav.tsx';

const LONG = 'Fifteen_Chars.1';

describe('the bottom navigation', () => {
  it('ends a long nickname in an ellipsis inside its item, with the whole name as its title', async () => {
    mockApi({});
    const user = testUser({
      nicknames: { data: [{ id: 1, nickname: LONG }], current_nickname: { id: 1, nickname: LONG } },
    });
    renderWithProviders(<BottomNav />, { user });
    const label = await screen.findByText(LONG);
    expect(label.closest('a')).toHaveAttribute('title', LONG);
    const style = getComputedStyle(label);
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.overflow).toBe('hidden');
    expect(style.whiteSpace).toBe('nowrap');
    expect(getComputedStyle(label.closest('a') as HTMLElement).minWidth).toBe('0px');
  });

  it('opens the messages menu on phones: unread conversations, the latest contacts and the page', async () => {
    mockApi({
      'GET /api/conversations/count': () => jsonResponse({ all: 1 }),
      'GET /api/conversations': ({ query }) =>
        jsonResponse(
          query.get('unread') === '1'
            ? pageOf([
                conversationRow({
                  id: 4,
                  unread: 1,
                  showprofile: { ...conversationRow().showprofile, showname: 'Cleo' },
                }),
              ])
            : pageOf([conversationRow({ id: 1 })]),
        ),
    });
    renderWithProviders(<BottomNav />, { user: testUser(), route: '/videos' });
    const entry = screen.getByRole('button', { name: /Messages/ });
    expect(entry).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(entry);
    const menu = await screen.findByRole('dialog', { name: 'Messages' }, { timeout: 5_000 });
    expect(entry).toHaveAttribute('aria-expanded', 'true');
    expect(await within(menu).findByRole('link', { name: /^Cleo/ })).toHaveAttribute('href', '/messages/4');
    await userEvent.click(await within(menu).findByRole('button', { name: 'Latest contacts' }));
    expect(await within(menu).findByRole('link', { name: /^Anna/ })).toHaveAttribute(
      'href',
      '/videos#open-conversation',
    );
    expect(within(menu).getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/messages');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: /Messages/ })).toHaveFocus();
  });
});
