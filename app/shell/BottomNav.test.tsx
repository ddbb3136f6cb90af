import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { renderWithProviders, testUser } from '#app/test/render.tsx';
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
});
