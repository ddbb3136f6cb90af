import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { MAILCHECK_DEBOUNCE_MS } from '#common/constants.ts';
import { SignupPage } from './SignupPage.tsx';
import { REGISTER_EMAIL_KEY } from './store.ts';
import { apiError, mockApi } from './testing.ts';

const renderSignup = () =>
  renderWithProviders(<SignupPage />, {
    route: '/users/signup',
    routes: [
      { path: '/users/signup_success', element: <p>success page</p> },
      { path: '/', element: <p>home page</p> },
    ],
  });

async function fillForm(email = 'new@example.org', password = 'long-enough-pw') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^e-mail/i), email);
  await user.type(screen.getByLabelText(/user name/i), 'newbie');
  if (password) await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/i }));
  await user.click(screen.getByRole('button', { name: i18n.t('users.signup2.form.submit') }));
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('register form', () => {
  it('validates with the shared schemas before sending', async () => {
    const api = mockApi({});
    renderSignup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^e-mail/i), 'not-an-address');
    await user.type(screen.getByLabelText(/^password/i), 'short');
    await user.type(screen.getByLabelText(/user name/i), 'has space');
    await user.click(screen.getByRole('button', { name: i18n.t('users.signup2.form.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.email'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('errors.validations.password_min'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('errors.validations.username'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('errors.validations.terms'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/register')).toHaveLength(0);
    const terms = screen.getByRole('link', { name: 'terms and conditions' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it('suggests a corrected address once typing pauses, and takes it on click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      'GET /api/register/mailcheck': ({ query }) =>
        jsonResponse({ suggestion: query.get('email') === 'jo@gmial.com' ? 'jo@gmail.com' : null }),
    });
    renderSignup();
    const field = screen.getByLabelText(/^e-mail/i);
    fireEvent.change(field, { target: { value: 'jo@gmial.co' } });
    fireEvent.change(field, { target: { value: 'jo@gmial.com' } });
    act(() => vi.advanceTimersByTime(MAILCHECK_DEBOUNCE_MS - 150));
    expect(api.callsTo('GET /api/register/mailcheck')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(150));
    const suggestion = await screen.findByRole('button', { name: 'jo@gmail.com' });
    expect(api.callsTo('GET /api/register/mailcheck')).toHaveLength(1);
    fireEvent.click(suggestion);
    expect(field).toHaveValue('jo@gmail.com');
  });

  it('409: the address has an account, with a link to the password reset', async () => {
    mockApi({
      'POST /api/register': () => apiError(409, { error: 'email_already_exists', message: 'email_already_exists' }),
    });
    renderSignup();
    await fillForm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('errors.email_already_exists'));
    expect(within(alert).getByRole('link', { name: i18n.t('users.signup2.form.reset_link') })).toHaveAttribute(
      'href',
      '/users/reset',
    );
  });

  it('a blocked address gets the contact link', async () => {
    mockApi({ 'POST /api/register': () => apiError(403, { error: 'user_blocked', message: 'user_blocked' }) });
    renderSignup();
    await fillForm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('errors.user_blocked'));
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/contact');
  });

  it('422: the server messages appear on their fields', async () => {
    mockApi({
      'POST /api/register': () =>
        apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { password: ['errors.validations.password_common'], username: ['errors.validations.username_taken'] },
        }),
    });
    renderSignup();
    await fillForm();
    expect(await screen.findByText(i18n.t('errors.validations.password_common'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('errors.validations.username_taken'))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('registers: stores the address, sets the user and shows the success page', async () => {
    const member = testUser({ email: 'new@example.org', is_verified: false });
    const api = mockApi({ 'POST /api/register': () => jsonResponse({ user: member }, 201) });
    const { client } = renderSignup();
    await fillForm('New@Example.org');
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/register')[0]?.body).toEqual({
      email: 'new@example.org',
      password: 'long-enough-pw',
      username: 'newbie',
      terms_check: true,
      form_ms: expect.any(Number),
    });
    expect(sessionStorage.getItem(REGISTER_EMAIL_KEY)).toBe('new@example.org');
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.email).toBe('new@example.org');
  });

  it('registers without a password: the field says it is optional and how she signs in instead', async () => {
    const member = testUser({ email: 'new@example.org', is_verified: false, has_password: false });
    const api = mockApi({ 'POST /api/register': () => jsonResponse({ user: member }, 201) });
    renderSignup();
    const field = screen.getByLabelText(/^password \(optional\)/i);
    expect(field).not.toBeRequired();
    expect(field).toHaveAccessibleDescription(i18n.t('users.signup2.form.password_hint'));
    await fillForm('new@example.org', '');
    expect(await screen.findByText('success page')).toBeInTheDocument();
    const [sent] = api.callsTo('POST /api/register');
    expect(sent?.body).toEqual({
      email: 'new@example.org',
      username: 'newbie',
      terms_check: true,
      form_ms: expect.any(Number),
    });
  });

  it('a password that is too short is refused in place of the hint, and nothing is sent', async () => {
    const api = mockApi({});
    renderSignup();
    await fillForm('new@example.org', 'short');
    const field = screen.getByLabelText(/^password/i);
    expect(await screen.findByText(i18n.t('errors.validations.password_min'))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(i18n.t('errors.validations.password_min'));
    expect(api.callsTo('POST /api/register')).toHaveLength(0);
  });

  it('forwards a logged-in member home', async () => {
    renderWithProviders(<SignupPage />, {
      route: '/users/signup',
      user: testUser(),
      routes: [{ path: '/', element: <p>home page</p> }],
    });
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
