import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import { CancelPage } from './CancelPage.tsx';

const routes = [{ path: '/users/cancel_success', element: <p>goodbye page</p> }];

describe('cancel page', () => {
  it('needs the password, then cancels, forgets the user and says goodbye', async () => {
    const api = mockApi({
      'POST /api/user/cancel': ({ body }) =>
        (body as { password: string }).password === 'right'
          ? jsonResponse({ ok: true })
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
    expect(await screen.findByText(i18n.t('errors.validations.required'))).toBeInTheDocument();
    await user.type(screen.getByLabelText(/why are you leaving/i), 'too busy');
    await user.type(screen.getByLabelText(/^your password/i), 'wrong');
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText(i18n.t('errors.validations.password_wrong'))).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^your password/i));
    await user.type(screen.getByLabelText(/^your password/i), 'right');
    await user.click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText('goodbye page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/cancel')[1]?.body).toEqual({ reason: 'too busy', password: 'right' });
    expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull();
  });

  it('a Google-only account cancels without a password', async () => {
    const api = mockApi({ 'POST /api/user/cancel': () => jsonResponse({ ok: true }) });
    renderWithProviders(<CancelPage />, { route: '/users/cancel', user: testUser({ has_password: false }), routes });
    expect(screen.queryByLabelText(/^your password/i)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: i18n.t('users.cancel.submit') }));
    expect(await screen.findByText('goodbye page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/cancel')[0]?.body).toEqual({});
  });
});
