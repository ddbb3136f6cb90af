import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { registerNavigate } from '#app/platform/navigation.ts';
import { queryClient } from '#app/query-client.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import { ActivatePage } from './ActivatePage.tsx';
import { apiError, mockApi } from './testing.ts';

/** The server's answer to an activation without a password for an account that has none. */
const needsPassword = () =>
  apiError(422, {
    error: 'validation_failed',
    message: 'validation_failed',
    errors: { password: ['errors.validations.required'] },
  });

const page = (
  <StrictMode>
    <ActivatePage />
  </StrictMode>
);

describe('activation page', () => {
  it('activates once on arrival, even under StrictMode', async () => {
    const api = mockApi({ 'POST /api/register/validate': () => jsonResponse({ user: testUser({ id: 11 }) }) });
    const { client } = renderWithProviders(page, { route: '/users/activate?token=abc' });
    expect(await screen.findByText(i18n.t('users.activate.done'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/register/validate')).toHaveLength(1);
    expect(api.calls.find((c) => c.path === '/api/register/validate')?.body).toEqual({ token: 'abc' });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(11);
  });

  it('reads the new session, so the welcome gift of an activation arrives at once', async () => {
    const user = testUser({ id: 13 });
    const welcome = { video: 4, voucher: null };
    const api = mockApi({
      'POST /api/register/validate': () => jsonResponse({ user }),
      'GET /api/session/init': () => jsonResponse({ session: testSession({ welcome_dialog: welcome }), user }),
    });
    const { client } = renderWithProviders(page, { route: '/users/activate?token=abc' });
    expect(await screen.findByText(i18n.t('users.activate.done'))).toBeInTheDocument();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/session/init'));
    await waitFor(() => expect(client.getQueryData(sessionQuery.queryKey)?.session.welcome_dialog).toEqual(welcome));
  });

  it('an account without a password chooses one first', async () => {
    const api = mockApi({
      'POST /api/register/validate': ({ body }) =>
        (body as { password?: string }).password
          ? jsonResponse({ user: testUser({ id: 12 }) })
          : apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { password: ['errors.validations.required'] },
            }),
    });
    const { client } = renderWithProviders(page, { route: '/users/activate?token=abc' });
    expect(await screen.findByText(i18n.t('users.activate.password_text'))).toBeInTheDocument();
    // Or no password at all: a sign-in link by mail activates the account as well.
    expect(screen.getByRole('link', { name: i18n.t('users.activate.password_link') })).toHaveAttribute(
      'href',
      '/token_login',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^new password/i), 'short');
    await user.click(screen.getByRole('button', { name: i18n.t('users.activate.password_submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.password_min'))).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), 'a-good-password');
    await user.click(screen.getByRole('button', { name: i18n.t('users.activate.password_submit') }));
    expect(await screen.findByText(i18n.t('users.activate.done'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/register/validate')[1]?.body).toEqual({ token: 'abc', password: 'a-good-password' });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(12);
  });

  it('an account without a password: an empty password is not sent', async () => {
    const api = mockApi({ 'POST /api/register/validate': () => needsPassword() });
    renderWithProviders(page, { route: '/users/activate?token=abc' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: i18n.t('users.activate.password_submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.required'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/register/validate')).toHaveLength(1);
  });

  it('an account without a password: a link that ran out meanwhile says so and offers the way on', async () => {
    mockApi({
      'POST /api/register/validate': ({ body }) =>
        (body as { password?: string }).password
          ? apiError(410, { error: 'link_expired', message: 'link_expired' })
          : needsPassword(),
    });
    renderWithProviders(page, { route: '/users/activate?token=abc' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^new password/i), 'a-good-password');
    await user.click(screen.getByRole('button', { name: i18n.t('users.activate.password_submit') }));
    expect(await screen.findByText(i18n.t('link_expired.activate_signed_out'))).toBeInTheDocument();
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
  });

  it('an unknown link says it was used or has expired, with a way to /verify', async () => {
    mockApi({
      'POST /api/register/validate': () => apiError(410, { error: 'link_expired', message: 'link_expired' }),
    });
    renderWithProviders(page, { route: '/users/activate?token=bad', user: testUser({ is_verified: false }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('errors.link_expired'));
    expect(alert).not.toHaveTextContent(i18n.t('errors.unknown_credentials'));
    expect(screen.getByText(i18n.t('link_expired.activate_unverified'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('users.activate.to_verify') })).toHaveAttribute('href', '/verify');
  });

  it('a used link opened signed in keeps the session and says the account is active', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    onTestFinished(() => {
      registerNavigate(null);
      queryClient.clear();
    });
    mockApi({
      'GET /api/auth/csrf-cookie': () => new Response(null, { status: 204 }),
      'POST /api/register/validate': () => apiError(410, { error: 'link_expired', message: 'link_expired' }),
    });
    renderWithProviders(page, { route: '/users/activate?token=used', user: testUser({ id: 5 }), client: queryClient });
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.link_expired'));
    expect(screen.getByText(i18n.t('link_expired.activate_verified'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('common.home') })).toHaveAttribute('href', '/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(5);
  });

  it('a used link opened signed out offers to sign in, in German too', async () => {
    mockApi({
      'POST /api/register/validate': () => apiError(410, { error: 'link_expired', message: 'link_expired' }),
    });
    renderWithProviders(page, { route: '/users/activate?token=used', lang: 'de' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Link wurde bereits verwendet oder ist abgelaufen.',
    );
    expect(screen.getByText(i18n.t('link_expired.activate_signed_out'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('login.title') })).toHaveAttribute('href', '/login');
  });
});
