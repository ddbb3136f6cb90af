import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testUser } from '#app/test/render.tsx';
import { ProfilePage, profileTab } from './ProfilePage.tsx';

describe('ProfilePage', () => {
  it('selects the tab of the path, the settings for the profile itself', () => {
    expect(profileTab('/users/profile')).toBe('settings');
    expect(profileTab('/users/profile/settings')).toBe('settings');
    expect(profileTab('/users/profile/coupons')).toBe('coupons');
    expect(profileTab('/users/profile/favorites/')).toBe('favorites');
    expect(profileTab('/users/profile/chats')).toBe('chats');
  });

  it('offers the favorites tab and marks it selected on /users/profile/favorites', () => {
    renderWithProviders(<ProfilePage />, {
      user: testUser(),
      path: '/users/profile/*',
      route: '/users/profile/favorites',
    });
    const tab = screen.getByRole('tab', { name: 'Favorites' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveAttribute('href', '/users/profile/favorites');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Chats' })).toHaveAttribute('href', '/users/profile/chats');
  });
});
