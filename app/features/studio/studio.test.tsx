import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { StudioMe } from '#common/api/studio.ts';
import { StudioLoginPage } from './StudioLoginPage.tsx';
import { StudioPage } from './StudioPage.tsx';

const me = (online = false): StudioMe => ({
  performer: { id: 1, email: 'lena@example.com' },
  show: {
    universalId: '1001',
    showName: 'Lena Sun',
    online,
    free: false,
    pricePerMinute: 30,
    priceFactorExclusive: 150,
    exclusive: 0,
    prices: { private: 30, exclusive: null, exclusiveOnly: false },
  },
});

const unauthenticated = () => apiError(401, { error: 'unauthenticated', message: 'unauthenticated' });

const studioRoutes = [
  { path: '/studio', element: <StudioPage /> },
  { path: '/studio/login', element: <StudioLoginPage /> },
];

describe('studio sign-in', () => {
  it('shows the field errors of the shared schema before anything is sent', async () => {
    const api = mockApi({ 'GET /api/studio/me': unauthenticated });
    renderWithProviders(<StudioLoginPage />, { route: '/studio/login' });
    await userEvent.type(await screen.findByLabelText(/e-mail address/i), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/e-mail address/i)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/studio/login')).toHaveLength(0);
  });

  it('says so when the details are wrong, and leads to the studio when they are right', async () => {
    let attempts = 0;
    const api = mockApi({
      'GET /api/studio/me': unauthenticated,
      'POST /api/studio/login': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(401, { error: 'unknown_credentials', message: 'unknown_credentials' })
          : jsonResponse(me());
      },
    });
    renderWithProviders(<StudioLoginPage />, {
      route: '/studio/login',
      path: '/studio/login',
      routes: studioRoutes.slice(0, 1),
    });
    await userEvent.type(await screen.findByLabelText(/e-mail address/i), 'lena@example.com');
    await userEvent.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The login details are not correct.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Lena Sun')).toBeInTheDocument();
    expect(api.callsTo('POST /api/studio/login')[1]?.body).toEqual({
      email: 'lena@example.com',
      password: 'wrong-password',
    });
  });

  it('is in German too, with a way back to the site', async () => {
    mockApi({ 'GET /api/studio/me': unauthenticated });
    renderWithProviders(<StudioLoginPage />, { route: '/studio/login', lang: 'de' });
    expect(await screen.findByRole('heading', { name: 'Anmeldung für Darstellerinnen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Website' })).toHaveAttribute('href', '/');
  });
});

describe('studio page', () => {
  it('sends her to the sign-in without a studio session, and does not sign a member out', async () => {
    const api = mockApi({ 'GET /api/studio/me': unauthenticated });
    const view = renderWithProviders(<StudioPage />, {
      route: '/studio',
      path: '/studio',
      user: testUser(),
      routes: studioRoutes.slice(1),
    });
    expect(await screen.findByRole('heading', { name: 'Performer sign-in' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/studio/login');
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(0);
  });

  it('shows her show offline and takes it online and offline again', async () => {
    const api = mockApi({
      'GET /api/studio/me': () => jsonResponse(me(false)),
      'POST /api/studio/presence': ({ body }) => jsonResponse(me((body as { online: boolean }).online)),
    });
    renderWithProviders(<StudioPage />, { route: '/studio' });
    expect(await screen.findByText('Lena Sun')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    await userEvent.click(screen.getByRole('button', { name: 'Go online' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You are online'));
    await userEvent.click(screen.getByRole('button', { name: 'Go offline' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You are offline'));
    expect(api.callsTo('POST /api/studio/presence').map((c) => c.body)).toEqual([{ online: true }, { online: false }]);
  });

  it('signs out on the server and goes back to the sign-in', async () => {
    const api = mockApi({
      'GET /api/studio/me': () => jsonResponse(me()),
      'POST /api/studio/logout': () => jsonResponse({ ok: true }),
    });
    const view = renderWithProviders(<StudioPage />, {
      route: '/studio',
      path: '/studio',
      routes: studioRoutes.slice(1),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Performer sign-in' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/studio/login');
    expect(api.callsTo('POST /api/studio/logout')).toHaveLength(1);
  });
});
