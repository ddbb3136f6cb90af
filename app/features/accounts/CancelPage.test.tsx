import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import { CancelPage } from './CancelPage.tsx';

const routes = [{ path: '/users/cancel_success', element: <p>goodbye page</p> }];

describe('cancel page', () => {
  it('needs the password and the confirmation, then closes, forgets the user and says goodbye', async () => {
    const api = mockApi({
      'POST /api/user/cancel': ({ body }) =>
        (body as { password: string }).password === 'right'
          ? jsonResponse({ ok: true, erases_at: '2026-12-13T10:00:00.000Z', confirm_mailed: false })
          : apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { password: ['errors.validations.password_wrong'] },
            }),
      'GET /api/session/init': () => jsonResponse({ session: testSession(), user: null }),
    });
    const { client } = renderWithProviders(<CancelPage />, { route: '/users/cancel', user: testUser(), routes });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findAllByText(i18n.t('errors.validations.required'))).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: i18n.t('users.cancel.confirm') }));
    await user.type(screen.getByLabelText(/^your password/i), 'wrong');
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.password_wrong'))).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^your password/i));
    await user.type(screen.getByLabelText(/^your password/i), 'right');
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText('goodbye page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/cancel')[1]?.body).toEqual({ confirmed: true, password: 'right' });
    expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull();
  });

  it('an account without a password is sent a confirmation link instead', async () => {
    const api = mockApi({
      'POST /api/user/cancel': () => jsonResponse({ ok: true, erases_at: null, confirm_mailed: true }),
    });
    renderWithProviders(<CancelPage />, { route: '/users/cancel', user: testUser({ has_password: false }), routes });
    expect(screen.queryByLabelText(/^your password/i)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: i18n.t('users.cancel.confirm') }));
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit_mail') }));
    expect(await screen.findByText(i18n.t('users.cancel.confirm_mailed'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/cancel')[0]?.body).toEqual({ confirmed: true });
  });

  it('keeps what she typed when her user is read again in the background', async () => {
    const api = mockApi({
      'POST /api/user/cancel': () =>
        jsonResponse({ ok: true, erases_at: '2026-12-13T10:00:00.000Z', confirm_mailed: false }),
      'GET /api/session/init': () => jsonResponse({ session: testSession(), user: null }),
    });
    const { client } = renderWithProviders(<CancelPage />, { route: '/users/cancel', user: testUser(), routes });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^your password/i), 'typed before');
    await user.click(screen.getByRole('checkbox', { name: i18n.t('users.cancel.confirm') }));
    // A fresh answer for the same member (a new object, as a refetch gives) re-renders the page.
    act(() => client.setQueryData(sessionQuery.queryKey, (old) => (old ? { ...old, user: testUser() } : old)));
    expect(screen.getByLabelText(/^your password/i)).toHaveValue('typed before');
    expect(screen.getByRole('checkbox', { name: i18n.t('users.cancel.confirm') })).toBeChecked();
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText('goodbye page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/cancel')[0]?.body).toEqual({ confirmed: true, password: 'typed before' });
  });

  it('with an authenticator app on, closes with a code of it instead of the password, and tells a wrong code', async () => {
    const app = { totp: true, recovery_codes_left: 10, passkeys: 0, since: '2026-11-01T10:00:00.000Z' };
    const api = mockApi({
      'GET /api/users/second-factor': () => jsonResponse({ second_factor: app }),
      'POST /api/user/cancel': ({ body }) =>
        (body as { code?: string }).code === '123456'
          ? jsonResponse({ ok: true, erases_at: '2026-12-13T10:00:00.000Z', confirm_mailed: false })
          : apiError(422, {
              error: 'validation_failed',
              message: 'validation_failed',
              errors: { code: ['errors.validations.second_factor_wrong'] },
            }),
      'GET /api/session/init': () => jsonResponse({ session: testSession(), user: null }),
    });
    renderWithProviders(<CancelPage />, { route: '/users/cancel', user: testUser(), routes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: i18n.t('users.cancel.use_code') }));
    expect(screen.queryByLabelText(/^your password/i)).not.toBeInTheDocument();
    const code = screen.getByLabelText(new RegExp(`^${i18n.t('users.cancel.code')}`));
    await user.click(screen.getByRole('checkbox', { name: i18n.t('users.cancel.confirm') }));
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.required'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/cancel')).toHaveLength(0);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.second_factor_wrong'))).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText('goodbye page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/cancel')[1]?.body).toEqual({ confirmed: true, code: '123456' });
  });

  it('an account without a password but with the app closes with a code, no link mailed', async () => {
    mockApi({
      'GET /api/users/second-factor': () =>
        jsonResponse({ second_factor: { totp: true, recovery_codes_left: 9, passkeys: 0, since: null } }),
    });
    renderWithProviders(<CancelPage />, { route: '/users/cancel', user: testUser({ has_password: false }), routes });
    expect(await screen.findByLabelText(new RegExp(`^${i18n.t('users.cancel.code')}`))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: i18n.t('users.cancel.use_password') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: i18n.t('users.cancel.submit') })).toBeInTheDocument();
  });
});
