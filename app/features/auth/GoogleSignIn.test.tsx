import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '#app/cookies.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { GOOGLE_CONSENT_COOKIE } from '#common/constants.ts';
import { GOOGLE_SCRIPT_SRC, type GoogleIdApi } from './google.ts';
import { LoginPanel } from './LoginPanel.tsx';
import { SignupPage } from './SignupPage.tsx';
import { useGoogleSignupStore } from './store.ts';
import { apiError, mockApi } from './testing.ts';

const googleScript = () => document.querySelector(`script[src="${GOOGLE_SCRIPT_SRC}"]`);

/** Stands in for Google's script: "loads" it and hands out the credential callback. */
function fakeGoogle() {
  let callback: ((r: { credential: string }) => void) | undefined;
  const id: GoogleIdApi = {
    initialize: vi.fn((config) => {
      callback = config.callback;
    }),
    renderButton: vi.fn(),
  };
  return {
    id,
    load: () => {
      window.google = { accounts: { id } };
      googleScript()?.dispatchEvent(new Event('load'));
    },
    signIn: (credential: string) => callback?.({ credential }),
  };
}

afterEach(() => {
  delete window.google;
  googleScript()?.remove();
  useGoogleSignupStore.getState().clear();
});

describe('Google sign-in', () => {
  it('is absent without a client id', () => {
    renderWithProviders(<LoginPanel />);
    expect(screen.queryByRole('button', { name: i18n.t('google.button') })).not.toBeInTheDocument();
  });

  it('asks for consent before loading anything from Google', async () => {
    renderWithProviders(<LoginPanel />, { config: { googleClientId: 'client-1' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: i18n.t('google.button') }));
    expect(screen.getByRole('dialog', { name: i18n.t('google.consent.title') })).toBeInTheDocument();
    expect(googleScript()).toBeNull();

    await user.click(screen.getByRole('button', { name: i18n.t('google.consent.decline') }));
    expect(readCookie(GOOGLE_CONSENT_COOKIE)).toBe('declined');
    expect(googleScript()).toBeNull();

    await user.click(await screen.findByRole('button', { name: i18n.t('google.button') }));
    await user.click(screen.getByRole('button', { name: i18n.t('google.consent.accept') }));
    expect(readCookie(GOOGLE_CONSENT_COOKIE)).toBe('accepted');
    await waitFor(() => expect(googleScript()).not.toBeNull());
  });

  it('with consent given, logs in with the credential', async () => {
    const api = mockApi({ 'POST /api/auth/login': () => jsonResponse({ user: testUser({ id: 5 }) }) });
    // biome-ignore lint/suspicious/noDocumentCookie: the consent a previous visit stored
    document.cookie = `${GOOGLE_CONSENT_COOKIE}=accepted`;
    const google = fakeGoogle();
    const onSuccess = vi.fn();
    renderWithProviders(<LoginPanel onSuccess={onSuccess} />, { config: { googleClientId: 'client-1' } });
    await waitFor(() => expect(googleScript()).not.toBeNull());
    google.load();
    await waitFor(() => expect(google.id.renderButton).toHaveBeenCalled());
    expect(google.id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-1' }));
    google.signIn('jwt-1');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ id: 5 })));
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({ credential: 'jwt-1' });
  });

  it('an unknown Google address leads to the Google sign-up confirmation', async () => {
    const api = mockApi({
      'POST /api/auth/login': ({ body }) =>
        (body as { register?: boolean }).register
          ? jsonResponse({ user: testUser({ id: 9 }) })
          : apiError(422, { error: 'google_account_not_found', message: 'google_account_not_found', email: 'g@x.org' }),
    });
    // biome-ignore lint/suspicious/noDocumentCookie: the consent a previous visit stored
    document.cookie = `${GOOGLE_CONSENT_COOKIE}=accepted`;
    const google = fakeGoogle();
    renderWithProviders(<SignupPage />, {
      route: '/users/signup',
      config: { googleClientId: 'client-1' },
      routes: [{ path: '/', element: <p>home page</p> }],
    });
    await waitFor(() => expect(googleScript()).not.toBeNull());
    google.load();
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());
    google.signIn('jwt-2');
    expect(await screen.findByText(i18n.t('users.signup2.google.text', { email: 'g@x.org' }))).toBeInTheDocument();
    expect(sessionStorage.getItem('livecam.google-signup')).toContain('g@x.org');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: i18n.t('users.signup2.google.submit') }));
    expect(await screen.findByText(i18n.t('users.signup2.google.privacy_required'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('errors.validations.terms'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: /privacy policy/i }));
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/i }));
    await user.click(screen.getByRole('button', { name: i18n.t('users.signup2.google.submit') }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')[1]?.body).toEqual({ credential: 'jwt-2', register: true });
    expect(useGoogleSignupStore.getState().email).toBeNull();
  });
});
