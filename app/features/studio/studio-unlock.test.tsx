import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders } from '#app/test/render.tsx';
import { StudioLoginPage } from './StudioLoginPage.tsx';
import { StudioUnlockPage } from './StudioUnlockPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const unauthenticated = () => apiError(401, { error: 'unauthenticated', message: 'unauthenticated' });

describe('studio unlock', () => {
  it('offers an unlock mail when the account is slowed down, for the address entered', async () => {
    const api = mockApi({
      'GET /api/studio/me': unauthenticated,
      'POST /api/studio/login': () => apiError(429, { error: 'throttle', message: 'login_slowed' }),
      'POST /api/studio/unlock/send': () => jsonResponse({ ok: true }),
    });
    renderWithProviders(<StudioLoginPage />, { route: '/studio/login' });
    await userEvent.type(await screen.findByLabelText(/e-mail address/i), 'lena@example.com');
    await userEvent.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There have been many login attempts on this account.');
    await userEvent.click(screen.getByRole('button', { name: 'Send me an unlock link' }));
    expect(await screen.findByText(/If lena@example.com belongs to a studio account/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/studio/unlock/send')[0]?.body).toEqual({ email: 'lena@example.com' });
  });

  it('offers nothing for wrong details', async () => {
    mockApi({
      'GET /api/studio/me': unauthenticated,
      'POST /api/studio/login': () => apiError(401, { error: 'unknown_credentials', message: 'unknown_credentials' }),
    });
    renderWithProviders(<StudioLoginPage />, { route: '/studio/login', lang: 'de' });
    await userEvent.type(await screen.findByLabelText(/e-mail-adresse/i), 'lena@example.com');
    await userEvent.type(screen.getByLabelText(/passwort/i, { selector: 'input' }), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Freischaltlink per E-Mail schicken' })).toBeNull();
  });

  it('uses the mailed link once and leads to the sign-in', async () => {
    const api = mockApi({ 'POST /api/studio/unlock': () => jsonResponse({ ok: true }) });
    renderWithProviders(<StudioUnlockPage />, { route: '/studio/unlock?token=abc', lang: 'de' });
    expect(await screen.findByText(/Dieser Browser ist jetzt ein bekanntes Gerät/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Studio-Anmeldung' })).toHaveAttribute('href', '/studio/login');
    expect(api.callsTo('POST /api/studio/unlock')).toHaveLength(1);
    expect(api.callsTo('POST /api/studio/unlock')[0]?.body).toEqual({ token: 'abc' });
  });

  it('says so when the link is used up or broken', async () => {
    mockApi({ 'POST /api/studio/unlock': () => apiError(404, { error: 'not_found', message: 'unlock_invalid' }) });
    renderWithProviders(<StudioUnlockPage />, { route: '/studio/unlock?token=used' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used or has expired.');
  });
});
