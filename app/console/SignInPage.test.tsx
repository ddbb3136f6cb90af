import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import { renderConsole, testConsoleSession } from './testing.tsx';

describe('the console sign-in', () => {
  it('signs in with e-mail, password and code, then shows the screen it came from', async () => {
    const api = mockApi({
      'GET /api/admin/session': () => apiError(401, { error: 'unauthenticated', message: 'unauthenticated' }),
      'POST /api/admin/session': () => jsonResponse(testConsoleSession(['support'])),
      'GET /api/admin/dashboard': () =>
        jsonResponse({
          figures: [
            { key: 'supportUnread', label: { en: 'Support unread', de: 'Ungelesen' }, value: 3, href: '/admin/x' },
          ],
        }),
    });
    const { router } = renderConsole('/admin', { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail address/), 'ops@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-words');
    await user.type(screen.getByLabelText(/Authenticator code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/session')[0]?.body).toEqual({
      email: 'ops@example.com',
      password: 'secret-words',
      code: '123 456',
    });
    expect(api.callsTo('POST /api/admin/session')[0]?.headers['x-xsrf-token']).toBe('test');
    // Her roles open the support desk, not the operators' screen.
    const menu = screen.getByRole('navigation', { name: 'Console screens' });
    expect(menu).toHaveTextContent('Support desk');
    expect(menu).not.toHaveTextContent('Operators and roles');
    await waitFor(() => expect(document.title).toBe('(3) Dashboard · Console'));
  });

  it('says a refusal without naming the part that was wrong, and empties the code', async () => {
    mockApi({
      'POST /api/admin/session': () => apiError(401, { error: 'unknown_credentials', message: 'unknown_credentials' }),
    });
    renderConsole('/admin/login', { session: null });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail address/), 'ops@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.type(screen.getByLabelText(/Authenticator code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Check the e-mail address');
    expect(screen.getByLabelText(/Authenticator code/)).toHaveValue('');
  });

  it('offers an unlock link when the account is slowed down, with the real wait, in German', async () => {
    const api = mockApi({
      'POST /api/admin/session': () =>
        jsonResponse({ error: 'throttled', message: 'login_slowed' }, 429, { 'retry-after': '8' }),
      'POST /api/admin/unlock/send': () => jsonResponse({ ok: true }),
    });
    renderConsole('/admin/login', { session: null, locale: 'de' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-Mail-Adresse/), 'ops@example.com');
    await user.type(screen.getByLabelText(/^Passwort/), 'x');
    await user.type(screen.getByLabelText(/Code aus der Authenticator-App/), '111111');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('in 8 Sekunden erneut');
    await user.click(screen.getByRole('button', { name: 'Freischaltlink per E-Mail senden' }));
    expect(await screen.findByText(/ist ein Freischaltlink unterwegs/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/unlock/send')[0]?.body).toEqual({ email: 'ops@example.com' });
  });
});

describe('the dashboard', () => {
  it('reads its figures again when the operators’ socket says something changed, and counts the work in the title', async () => {
    let waiting = 1;
    mockApi({
      'GET /api/admin/dashboard': () =>
        jsonResponse({
          figures: [
            { key: 'online', label: { en: 'Shows online now', de: 'Shows jetzt online' }, value: 4, href: null },
            { key: 'review', label: { en: 'To review', de: 'Zu prüfen' }, value: waiting, href: '/admin/review' },
          ],
        }),
    });
    const { live } = renderConsole('/admin', { roles: ['moderator'] });
    expect(await screen.findByText('To review')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(1) Dashboard · Console'));
    waiting = 2;
    live.changed(['review']);
    await waitFor(() => expect(document.title).toBe('(2) Dashboard · Console'));
    expect(screen.getByRole('link', { name: 'Open: To review' })).toHaveAttribute('href', '/admin/review');
  });
});
