import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import type { FreeCoinsStatus, PendingCode } from '#common/api/free-coins.ts';
import { FreeCoinsPage } from './FreeCoinsPage.tsx';

const status = (over: Partial<FreeCoinsStatus> = {}): FreeCoinsStatus => ({
  coins: 20,
  disabled: false,
  received: false,
  pending: null,
  ...over,
});
const pendingCode = (over: Partial<PendingCode> = {}): PendingCode => ({
  hint: '789',
  expires_at: new Date(Date.now() + 600_000).toISOString(),
  resend_at: new Date(Date.now() + 60_000).toISOString(),
  attempts_left: 5,
  ...over,
});
const session = { sms_coins_disabled: false, sms_coins_available: true };

describe('free coins page', () => {
  it('invites a visitor to sign up or log in', async () => {
    mockApi({ 'GET /api/free_coins': () => jsonResponse(status()) });
    renderWithProviders(<FreeCoinsPage />, { route: '/users/free_coins', session });
    expect(await screen.findByText(i18n.t('free_coins.intro', { count: 20 }))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: i18n.t('free_coins.visitor.signup') })).toHaveAttribute(
      'href',
      '/users/signup',
    );
    expect(screen.getByRole('link', { name: i18n.t('free_coins.visitor.login') })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: i18n.t('free_coins.game_link') })).toHaveAttribute('href', '/game');
    expect(screen.queryByRole('textbox', { name: /mobile number/i })).not.toBeInTheDocument();
  });

  it('goes from the number to the code to the coins, with errors in place', async () => {
    const api = mockApi({
      'GET /api/free_coins': () => jsonResponse(status()),
      'POST /api/free_coins/send': () => jsonResponse(pendingCode()),
      'POST /api/free_coins/verify': ({ body }) =>
        (body as { code: string }).code === '246810'
          ? jsonResponse({ user: testUser({ coins: 20 }), coins: 20 })
          : apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { code: ['free_coins.errors.code_wrong'] },
            }),
      'GET /api/session/init': () =>
        jsonResponse({
          session: testSession({ ...session, sms_coins_available: false }),
          user: testUser({ coins: 20 }),
        }),
    });
    const { client } = renderWithProviders(<FreeCoinsPage />, {
      route: '/users/free_coins',
      user: testUser(),
      session,
    });
    const user = userEvent.setup();
    const phone = await screen.findByRole('textbox', { name: /^mobile number/i });
    await user.type(phone, '030 1234567');
    await user.click(screen.getByRole('button', { name: i18n.t('free_coins.phone.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.phone_not_mobile'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/free_coins/send')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '0151 23456789');
    await user.click(screen.getByRole('button', { name: i18n.t('free_coins.phone.submit') }));
    expect(api.callsTo('POST /api/free_coins/send')[0]?.body).toEqual({ phone: '+4915123456789' });
    const code = await screen.findByRole('textbox', { name: /^code from the text message/i });
    expect(screen.getByText(/ending in …789/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /new code possible in (59|60) s/i })).toBeDisabled();

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: i18n.t('free_coins.code.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.sms_code'))).toBeInTheDocument();
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: i18n.t('free_coins.code.submit') }));
    expect(await screen.findByText(i18n.t('free_coins.errors.code_wrong'))).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: i18n.t('free_coins.code.submit') }));
    expect(await screen.findByText('20 coins were added to your account.')).toBeInTheDocument();
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.coins).toBe(20);
    // The session is fetched again, so the menu item follows sms_coins_available.
    await waitFor(() => expect(api.callsTo('GET /api/session/init')).toHaveLength(1));
    await waitFor(() => expect(client.getQueryData(sessionQuery.queryKey)?.session.sms_coins_available).toBe(false));
  });

  it('opens the code step for a pending code and sends a new one via the number again', async () => {
    mockApi({
      'GET /api/free_coins': () =>
        jsonResponse(status({ pending: pendingCode({ resend_at: new Date().toISOString(), attempts_left: 2 }) })),
    });
    renderWithProviders(<FreeCoinsPage />, { route: '/users/free_coins', user: testUser(), session });
    expect(await screen.findByRole('textbox', { name: /^code from the text message/i })).toBeInTheDocument();
    expect(screen.getByText(i18n.t('free_coins.code.attempts_left', { count: 2 }))).toBeInTheDocument();
    const resend = screen.getByRole('button', { name: i18n.t('free_coins.code.resend') });
    expect(resend).toBeEnabled();
    await userEvent.setup().click(resend);
    expect(await screen.findByRole('textbox', { name: /^mobile number/i })).toBeInTheDocument();
  });

  it('tells a member who got the coins, and German members in German', async () => {
    mockApi({ 'GET /api/free_coins': () => jsonResponse(status({ received: true })) });
    renderWithProviders(<FreeCoinsPage />, { route: '/users/free_coins', user: testUser(), session, lang: 'de' });
    expect(await screen.findByText('Sie haben Ihre Gratis-Coins bereits erhalten.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gratis-Coins' })).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/free_coins': () => {
        calls += 1;
        return calls === 1 ? apiError(500, { error: 'internal', message: 'internal' }) : jsonResponse(status());
      },
    });
    renderWithProviders(<FreeCoinsPage />, { route: '/users/free_coins', user: testUser(), session });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('free_coins.load_error'));
    await userEvent.setup().click(within(alert).getByRole('button', { name: i18n.t('free_coins.retry') }));
    expect(await screen.findByRole('textbox', { name: /^mobile number/i })).toBeInTheDocument();
  });
});
