import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { TokenLoginPage } from './TokenLoginPage.tsx';
import { apiError, mockApi } from './testing.ts';

const renderPage = (route: string, lang: 'en' | 'de' = 'en') =>
  renderWithProviders(
    <StrictMode>
      <TokenLoginPage />
    </StrictMode>,
    { route, lang, routes: [{ path: '/', element: <p>home page</p> }] },
  );

async function askForLink(email = 'me@example.org', lang: 'en' | 'de' = 'en') {
  const user = userEvent.setup();
  await user.type(
    screen.getByLabelText(i18n.t('token_login.email', { lng: lang }), { selector: 'input', exact: false }),
    email,
  );
  await user.click(screen.getByRole('button', { name: i18n.t('token_login.request.submit', { lng: lang }) }));
  return user;
}

describe('/token_login without a token: asking for a link', () => {
  it.each(['en', 'de'] as const)('sends the address, then says to check the mail (%s)', async (lang) => {
    const api = mockApi({ 'POST /api/auth/token_login/send': () => jsonResponse({ ok: true }) });
    renderPage('/token_login', lang);
    expect(screen.getByRole('heading', { name: i18n.t('token_login.title', { lng: lang }) })).toBeInTheDocument();
    const user = await askForLink('me@example.org', lang);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(i18n.t('token_login.sent.title', { lng: lang }));
    expect(status).toHaveTextContent(i18n.t('token_login.sent.text', { lng: lang, email: 'me@example.org' }));
    expect(api.callsTo('POST /api/auth/token_login/send')[0]?.body).toEqual({ email: 'me@example.org' });
    // Another link: the form again, with the address still in it.
    await user.click(screen.getByRole('button', { name: i18n.t('token_login.send_again', { lng: lang }) }));
    expect(
      screen.getByLabelText(i18n.t('token_login.email', { lng: lang }), { selector: 'input', exact: false }),
    ).toHaveValue('me@example.org');
  });

  it('checks the address before anything is sent', async () => {
    const api = mockApi({});
    renderPage('/token_login');
    await askForLink('not-an-address');
    expect(await screen.findByText(i18n.t('errors.validations.email'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/token_login/send')).toHaveLength(0);
  });

  it('a blocked account gets the message with the contact link', async () => {
    mockApi({
      'POST /api/auth/token_login/send': () => apiError(403, { error: 'user_blocked', message: 'user_blocked' }),
    });
    renderPage('/token_login');
    await askForLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.user_blocked'));
    expect(screen.getByRole('link', { name: i18n.t('users.signup2.form.contact_link') })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('a second request within the minute is throttled', async () => {
    mockApi({ 'POST /api/auth/token_login/send': () => apiError(429, { error: 'throttle', message: 'throttle' }) });
    renderPage('/token_login');
    await askForLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.throttle'));
  });

  it('leads back to the password login', () => {
    mockApi({});
    renderPage('/token_login');
    expect(screen.getByRole('link', { name: i18n.t('token_login.to_password') })).toHaveAttribute('href', '/login');
  });
});

/** The confirm step's button: the link signs in only when it is pressed. */
async function confirm(lang: 'en' | 'de' = 'en') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: i18n.t('token_login.confirm.submit', { lng: lang }) }));
  return user;
}

describe('/token_login?token=: signing in by the link', () => {
  it.each(['en', 'de'] as const)(
    'asks first and sends nothing on arrival, even under StrictMode (%s)',
    async (lang) => {
      const api = mockApi({});
      renderPage('/token_login?token=tok-4', lang);
      expect(screen.getByText(i18n.t('token_login.confirm.text', { lng: lang }))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: i18n.t('token_login.confirm.submit', { lng: lang }) })).toBeEnabled();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(api.callsTo('POST /api/auth/token_login')).toHaveLength(0);
    },
  );

  it('signs in once on the click, shows progress, then goes home', async () => {
    let answer: (r: Response) => void = () => {};
    const api = mockApi({
      'POST /api/auth/token_login': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/session/init': () => new Promise<Response>(() => {}),
    });
    const { client, router } = renderPage('/token_login?token=tok-5');
    await confirm();
    expect(await screen.findByRole('status')).toHaveTextContent(i18n.t('token_login.signing_in'));
    // No second use while the first is under way: it would find the link used.
    expect(screen.getByRole('button', { name: i18n.t('token_login.confirm.submit') })).toBeDisabled();
    answer(jsonResponse({ user: testUser({ id: 44 }) }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/token_login')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/token_login')[0]?.body).toEqual({ token: 'tok-5' });
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(44);
    expect(router.state.location.search).toBe('');
  });

  it.each(['en', 'de'] as const)(
    'a used or expired link says so, takes the token out of the address and offers a new one (%s)',
    async (lang) => {
      mockApi({
        'POST /api/auth/token_login': () => apiError(410, { error: 'link_expired', message: 'link_expired' }),
      });
      const { router } = renderPage('/token_login?token=old', lang);
      await confirm(lang);
      expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.link_expired', { lng: lang }));
      expect(router.state.location).toMatchObject({ pathname: '/token_login', search: '' });
      expect(router.state.historyAction).toBe('REPLACE');
      expect(screen.getByText(i18n.t('link_expired.token_login', { lng: lang }))).toBeInTheDocument();
      expect(screen.getByRole('link', { name: i18n.t('login.title', { lng: lang }) })).toHaveAttribute(
        'href',
        '/login',
      );
      await userEvent
        .setup()
        .click(screen.getByRole('link', { name: i18n.t('token_login.request_new', { lng: lang }) }));
      expect(
        await screen.findByRole('button', { name: i18n.t('token_login.request.submit', { lng: lang }) }),
      ).toBeInTheDocument();
    },
  );

  it('a link cut short by the mail program (422 on the token) counts as expired', async () => {
    mockApi({
      'POST /api/auth/token_login': () =>
        apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { token: ['errors.validations.too_long'] },
        }),
    });
    renderPage('/token_login?token=x');
    await confirm();
    expect(await screen.findByText(i18n.t('link_expired.token_login'))).toBeInTheDocument();
  });

  it('a blocked account gets the message with the contact link and stays signed out', async () => {
    mockApi({ 'POST /api/auth/token_login': () => apiError(403, { error: 'user_blocked', message: 'user_blocked' }) });
    const { client, router } = renderPage('/token_login?token=tok-6');
    await confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.user_blocked'));
    expect(screen.getByRole('link', { name: i18n.t('users.signup2.form.contact_link') })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('any other failure says so and offers a new link', async () => {
    mockApi({ 'POST /api/auth/token_login': () => apiError(500, { error: 'internal', message: 'internal' }) });
    const { router } = renderPage('/token_login?token=tok-7');
    await confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.unknown_error'));
    expect(screen.getByRole('link', { name: i18n.t('token_login.request_new') })).toHaveAttribute(
      'href',
      '/token_login',
    );
    expect(router.state.location.search).toBe('');
  });
});
