import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import { SignupSuccessPage } from './SignupSuccessPage.tsx';
import { REGISTER_EMAIL_KEY } from './store.ts';
import { apiError, mockApi } from './testing.ts';

const renderPage = () =>
  renderWithProviders(<SignupSuccessPage />, {
    route: '/users/signup_success',
    user: testUser({ is_verified: false }),
    routes: [{ path: '/', element: <p>home page</p> }],
  });

afterEach(() => sessionStorage.clear());

describe('sign-up success page', () => {
  it('sends home when no register address is stored', async () => {
    renderPage();
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('names the address and logs in from the session on next', async () => {
    sessionStorage.setItem(REGISTER_EMAIL_KEY, 'new@example.org');
    const member = testUser({ email: 'new@example.org', is_verified: true });
    const api = mockApi({ 'GET /api/session/init': () => jsonResponse({ session: testSession(), user: member }) });
    const { client } = renderPage();
    expect(
      await screen.findByText(i18n.t('users.signup_success.mail_sent', { email: 'new@example.org' })),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('common.next') }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.callsTo('GET /api/session/init')).toHaveLength(1);
    expect(client.getQueryData<{ user: { is_verified: boolean } }>(['session'])?.user.is_verified).toBe(true);
    expect(sessionStorage.getItem(REGISTER_EMAIL_KEY)).toBeNull();
  });

  it('goes home when the session cannot be read', async () => {
    sessionStorage.setItem(REGISTER_EMAIL_KEY, 'new@example.org');
    mockApi({ 'GET /api/session/init': () => apiError(500, { error: 'internal', message: 'unknown_error' }) });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: i18n.t('common.next') }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
