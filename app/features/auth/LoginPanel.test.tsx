import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useIncentiveStore } from '#app/features/promos/store.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { INCENTIVE_DISABLED } from '#common/constants.ts';
import { LoginPage } from './LoginPage.tsx';
import { apiError, mockApi } from './testing.ts';

async function submitLogin() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/user name or e-mail/i), 'demo@livecam.local');
  await user.type(screen.getByLabelText(/^password/i), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

const renderLogin = () =>
  renderWithProviders(<LoginPage />, {
    route: '/login',
    routes: [{ path: '/users/signup', element: <p>signup page</p> }],
  });

describe('login panel', () => {
  it.each(['en', 'de'] as const)('offers sign-in by a mailed link on /token_login (%s)', async (lang) => {
    mockApi({});
    renderWithProviders(<LoginPage />, {
      route: '/login',
      lang,
      routes: [{ path: '/token_login', element: <p>token login page</p> }],
    });
    const link = screen.getByRole('link', { name: i18n.t('login.token_link', { lng: lang }) });
    expect(link).toHaveAttribute('href', '/token_login');
    await userEvent.setup().click(link);
    expect(await screen.findByText('token login page')).toBeInTheDocument();
  });

  it.each([
    ['422 with a known message', apiError(422, { error: 'x', message: 'user_blocked' }), 'errors.user_blocked'],
    [
      '401 with an unknown message',
      apiError(401, { error: 'x', message: 'no_such_text' }),
      'errors.unknown_credentials',
    ],
    [
      '401 unknown_credentials',
      apiError(401, { error: 'x', message: 'unknown_credentials' }),
      'errors.unknown_credentials',
    ],
    ['500', apiError(500, { error: 'internal', message: 'unknown_error' }), 'errors.unknown_error'],
    ['429', apiError(429, { error: 'throttle', message: 'throttle' }), 'errors.throttle'],
  ])('shows the catalogue text for %s', async (_name, answer, key) => {
    mockApi({ 'POST /api/auth/login': () => answer });
    renderLogin();
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t(key));
  });

  it.each(['en', 'de'] as const)(
    'says an account is slowed down and sends the unlock link for the name entered (%s)',
    async (lang) => {
      const api = mockApi({
        'POST /api/auth/login': () => apiError(429, { error: 'throttle', message: 'login_slowed' }),
        'POST /api/auth/unlock/send': () => jsonResponse({ ok: true }),
      });
      renderWithProviders(<LoginPage />, { route: '/login', lang });
      const user = userEvent.setup();
      const field = (key: string) =>
        screen.getByLabelText(i18n.t(key, { lng: lang }), { selector: 'input', exact: false });
      await user.type(field('login.username'), ' Demo ');
      await user.type(field('login.password'), 'secret-password');
      await user.click(screen.getByRole('button', { name: i18n.t('login.submit', { lng: lang }) }));
      expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.login_slowed', { lng: lang }));
      await user.click(screen.getByRole('button', { name: i18n.t('login.unlock.send', { lng: lang }) }));
      expect(await screen.findByText(i18n.t('login.unlock.sent', { lng: lang, name: 'Demo' }))).toBeInTheDocument();
      expect(api.callsTo('POST /api/auth/unlock/send').map((c) => c.body)).toEqual([{ username: 'Demo' }]);
    },
  );

  it('offers the unlock link for a throttled login too, and says when that is throttled', async () => {
    mockApi({
      'POST /api/auth/login': () => apiError(429, { error: 'throttle', message: 'throttle' }),
      'POST /api/auth/unlock/send': () => apiError(429, { error: 'throttle', message: 'throttle' }),
    });
    renderLogin();
    const user = await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.throttle'));
    await user.click(screen.getByRole('button', { name: i18n.t('login.unlock.send') }));
    expect(await screen.findAllByText(i18n.t('errors.throttle'))).toHaveLength(2);
  });

  it('offers no unlock link for wrong login details', async () => {
    mockApi({ 'POST /api/auth/login': () => apiError(401, { error: 'x', message: 'unknown_credentials' }) });
    renderLogin();
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.unknown_credentials'));
    expect(screen.queryByRole('button', { name: i18n.t('login.unlock.send') })).toBeNull();
  });

  it('checks the required fields before calling the server', async () => {
    const api = mockApi({});
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText(i18n.t('errors.validations.required'))).toHaveLength(2);
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('logs in: user into the cache, incentive off, on to /users/signup', async () => {
    const member = testUser({ id: 42 });
    const api = mockApi({ 'POST /api/auth/login': () => jsonResponse({ user: member }) });
    const { client } = renderLogin();
    await submitLogin();
    expect(await screen.findByText('signup page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      username: 'demo@livecam.local',
      password: 'secret-password',
    });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(42);
    expect(useIncentiveStore.getState().incentiveTsp).toBe(INCENTIVE_DISABLED);
  });

  it('switches to the reset request and sends the mail', async () => {
    const api = mockApi({ 'POST /api/auth/send': () => jsonResponse({ ok: true }) });
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: i18n.t('login.forgot') }));
    await user.type(screen.getByLabelText(/e-mail/i), 'Someone@Example.org');
    await user.click(screen.getByRole('button', { name: i18n.t('reset.request.submit') }));
    expect(await screen.findByText(i18n.t('reset.sent.title'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/send')[0]?.body).toEqual({ email: 'someone@example.org' });
    await user.click(screen.getByRole('button', { name: i18n.t('reset.back_to_login') }));
    await waitFor(() => expect(screen.getByLabelText(/user name or e-mail/i)).toBeInTheDocument());
  });
});
