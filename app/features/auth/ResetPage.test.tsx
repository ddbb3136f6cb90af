import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { registerNavigate } from '#app/platform/navigation.ts';
import { queryClient } from '#app/query-client.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { ResetPage } from './ResetPage.tsx';
import { apiError, mockApi } from './testing.ts';

const renderReset = (route: string) =>
  renderWithProviders(<ResetPage />, { route, routes: [{ path: '/', element: <p>home page</p> }] });

async function requestMail() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/e-mail/i), 'me@example.org');
  await user.click(screen.getByRole('button', { name: i18n.t('reset.request.submit') }));
}

async function choosePassword(password = 'brand-new-pw', confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^new password/i), password);
  await user.type(screen.getByLabelText(/repeat/i), confirm);
  await user.click(screen.getByRole('button', { name: i18n.t('reset.new.submit') }));
}

describe('password reset', () => {
  it('stage 1 to 2: the request, then the note that the mail was sent', async () => {
    const api = mockApi({ 'POST /api/auth/send': () => jsonResponse({ ok: true }) });
    renderReset('/users/reset');
    expect(screen.getByRole('heading', { name: i18n.t('reset.request.title') })).toBeInTheDocument();
    await requestMail();
    expect(await screen.findByText(i18n.t('reset.sent.text', { email: 'me@example.org' }))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/send')).toHaveLength(1);
  });

  it('a second request within the minute is throttled', async () => {
    mockApi({ 'POST /api/auth/send': () => apiError(429, { error: 'throttle', message: 'throttle' }) });
    renderReset('/users/reset');
    await requestMail();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.throttle'));
  });

  it('a blocked account is told so, with the contact link, and no sent note', async () => {
    mockApi({ 'POST /api/auth/send': () => apiError(403, { error: 'user_blocked', message: 'user_blocked' }) });
    renderReset('/users/reset');
    await requestMail();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.user_blocked'));
    expect(screen.getByRole('link', { name: i18n.t('users.signup2.form.contact_link') })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.queryByText(i18n.t('reset.sent.title'))).not.toBeInTheDocument();
  });

  it('stage 3: an account blocked since the mail is told so, with the contact link', async () => {
    mockApi({ 'POST /api/auth/reset': () => apiError(403, { error: 'user_blocked', message: 'user_blocked' }) });
    const { client } = renderReset('/users/reset?token=tok-2');
    await choosePassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.user_blocked'));
    expect(screen.getByRole('link', { name: i18n.t('users.signup2.form.contact_link') })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull();
  });

  it('stage 3: the passwords must match before anything is sent', async () => {
    const api = mockApi({});
    renderReset('/users/reset?token=tok-1');
    await choosePassword('brand-new-pw', 'other-password');
    expect(await screen.findByText(i18n.t('errors.validations.password_confirm'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset')).toHaveLength(0);
  });

  it('stage 3: a new password logs in and confirms', async () => {
    const api = mockApi({ 'POST /api/auth/reset': () => jsonResponse({ user: testUser({ id: 3 }) }) });
    const { client } = renderReset('/users/reset?token=tok-1');
    await choosePassword();
    expect(await screen.findByText(i18n.t('reset.done'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset')[0]?.body).toEqual({
      token: 'tok-1',
      password: 'brand-new-pw',
      password_confirm: 'brand-new-pw',
    });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(3);
    await userEvent.setup().click(screen.getByRole('link', { name: i18n.t('common.home') }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('a used or expired link says so and offers a new mail', async () => {
    mockApi({
      'POST /api/auth/reset': () => apiError(410, { error: 'link_expired', message: 'link_expired' }),
    });
    renderReset('/users/reset?token=old');
    await choosePassword();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('errors.link_expired'));
    expect(screen.getByText(i18n.t('link_expired.reset'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('login.title') })).toHaveAttribute('href', '/login');
    await userEvent.setup().click(screen.getByRole('link', { name: i18n.t('reset.request_new') }));
    expect(await screen.findByRole('button', { name: i18n.t('reset.request.submit') })).toBeInTheDocument();
  });

  it('a used link opened again while signed in keeps the session', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    onTestFinished(() => {
      registerNavigate(null);
      queryClient.clear();
    });
    mockApi({
      'GET /api/auth/csrf-cookie': () => new Response(null, { status: 204 }),
      'POST /api/auth/reset': () => apiError(410, { error: 'link_expired', message: 'link_expired' }),
    });
    renderWithProviders(<ResetPage />, {
      route: '/users/reset?token=used',
      user: testUser({ id: 8 }),
      client: queryClient,
    });
    await choosePassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.link_expired'));
    expect(screen.getByRole('link', { name: i18n.t('common.home') })).toHaveAttribute('href', '/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(8);
  });
});
