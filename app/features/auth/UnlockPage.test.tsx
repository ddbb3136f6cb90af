import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { apiError, mockApi } from './testing.ts';
import { UnlockPage } from './UnlockPage.tsx';

const page = (
  <StrictMode>
    <UnlockPage />
  </StrictMode>
);

const renderUnlock = (route: string, lang: 'en' | 'de' = 'en') =>
  renderWithProviders(page, { route, lang, routes: [{ path: '/', element: <p>home page</p> }] });

const invalid = () => apiError(404, { error: 'not_found', message: 'unlock_invalid' });

describe('unlock page', () => {
  it.each(['en', 'de'] as const)('uses the link once, then offers the login right there (%s)', async (lang) => {
    const api = mockApi({
      'POST /api/auth/unlock': () => jsonResponse({ ok: true }),
      'POST /api/auth/login': () => jsonResponse({ user: testUser({ id: 21 }) }),
    });
    const { client } = renderUnlock('/users/unlock?token=tok-9', lang);
    expect(screen.getByRole('heading', { name: i18n.t('users.unlock.title', { lng: lang }) })).toBeInTheDocument();
    expect(await screen.findByText(i18n.t('users.unlock.done', { lng: lang }))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/unlock')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/unlock')[0]?.body).toEqual({ token: 'tok-9' });
    // The link signed nobody in: the password is still asked for.
    expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull();
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText(i18n.t('login.username', { lng: lang }), { selector: 'input', exact: false }),
      'me',
    );
    await user.type(
      screen.getByLabelText(i18n.t('login.password', { lng: lang }), { selector: 'input', exact: false }),
      'my-password',
    );
    await user.click(screen.getByRole('button', { name: i18n.t('login.submit', { lng: lang }) }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(client.getQueryData(sessionQuery.queryKey)?.user?.id).toBe(21);
  });

  it.each(['en', 'de'] as const)(
    'says so when the link was used or has expired, with a way to the login (%s)',
    async (lang) => {
      mockApi({ 'POST /api/auth/unlock': invalid });
      renderUnlock('/users/unlock?token=used', lang);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(i18n.t('errors.unlock_invalid', { lng: lang }));
      const link = within(alert).getByRole('link', { name: i18n.t('users.unlock.to_login', { lng: lang }) });
      expect(link).toHaveAttribute('href', '/login');
    },
  );

  it('says the same without a token, and asks the server nothing', async () => {
    const api = mockApi({});
    renderUnlock('/users/unlock');
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.unlock_invalid'));
    expect(api.calls).toHaveLength(0);
  });
});
