import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { EmailValidatePage } from './EmailValidatePage.tsx';

describe('e-mail confirmation page', () => {
  it('confirms the new address and updates the logged-in owner', async () => {
    const api = mockApi({
      'POST /api/user/email_validate': () => jsonResponse({ user: testUser({ id: 7, email: 'next@example.org' }) }),
    });
    const { client } = renderWithProviders(<EmailValidatePage />, {
      route: '/users/email_validate?token=t1',
      user: testUser({ id: 7 }),
    });
    expect(
      await screen.findByText(i18n.t('users.email_validate.done', { email: 'next@example.org' })),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/email_validate')[0]?.body).toEqual({ token: 't1' });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.email).toBe('next@example.org');
  });

  it('a used link says so, with the way to the profile', async () => {
    mockApi({
      'POST /api/user/email_validate': () => apiError(410, { error: 'link_expired', message: 'link_expired' }),
    });
    renderWithProviders(<EmailValidatePage />, { route: '/users/email_validate?token=old', user: testUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.link_expired'));
    expect(screen.getByText(i18n.t('link_expired.email_change'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('profile.title') })).toHaveAttribute(
      'href',
      '/users/profile/settings',
    );
  });
});
