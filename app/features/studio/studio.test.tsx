import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import type { StudioLiveState } from '#common/api/live.ts';
import { StudioLoginPage } from './StudioLoginPage.tsx';
import { StudioPage } from './StudioPage.tsx';
import { fakeMedia, studioMe as me } from './testing.ts';
import { liveStateKey } from './use-studio-broadcast.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
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

  it("tells a partner show's performer where she broadcasts instead of opening a studio", async () => {
    mockApi({
      'GET /api/studio/me': unauthenticated,
      'POST /api/studio/login': () => apiError(403, { error: 'partner_show', message: 'partner_show' }),
    });
    renderWithProviders(<StudioLoginPage />, { route: '/studio/login' });
    await userEvent.type(await screen.findByLabelText(/e-mail address/i), 'partner@example.com');
    await userEvent.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'her-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This show broadcasts in a partner's studio");
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

  it('goes live with her camera, shows her viewers, pauses and goes offline', async () => {
    const media = fakeMedia();
    let live = { live: false, paused: false, viewers: [] as { nickname: string }[] };
    const api = mockApi({
      'GET /api/studio/me': () => jsonResponse(me(false)),
      'GET /api/studio/live': () => jsonResponse(live),
      'POST /api/studio/live': () => {
        live = { live: true, paused: false, viewers: [{ nickname: 'guest' }, { nickname: 'NightOwl' }] };
        return jsonResponse({ answer: { type: 'answer', sdp: 'v=0 answer' }, iceServers: [] });
      },
      'POST /api/studio/live/pause': ({ body }) => {
        live = { ...live, paused: (body as { paused: boolean }).paused };
        return jsonResponse(live);
      },
      'POST /api/studio/live/stop': () => {
        live = { live: false, paused: false, viewers: [] };
        return jsonResponse(live);
      },
    });
    renderWithProviders(<StudioPage />, { route: '/studio' });
    expect(await screen.findByText('Lena Sun')).toBeInTheDocument();
    // The camera opens for the preview on arrival, and its devices can be chosen.
    await waitFor(() => expect(media.opened).toBe(1));
    expect(await screen.findByRole('combobox', { name: 'Camera' })).toHaveTextContent('Front camera');
    expect(screen.getByTestId('on-air')).toHaveTextContent('Offline');

    await userEvent.click(screen.getByRole('button', { name: 'Go live' }));
    await waitFor(() => expect(screen.getByTestId('on-air')).toHaveTextContent('Live'));
    expect(api.callsTo('POST /api/studio/live')[0]?.body).toEqual({ offer: { type: 'offer', sdp: 'v=0 offer' } });
    expect(media.peers[0]?.remote).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    expect(screen.getByRole('heading', { name: '2 viewers' })).toBeInTheDocument();
    expect(screen.getByTestId('viewer-list')).toHaveTextContent('guestNightOwl');

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.getByTestId('on-air')).toHaveTextContent('Paused'));
    expect(media.tracks.every((track) => !track.enabled)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('on-air')).toHaveTextContent('Live'));
    expect(media.tracks.every((track) => track.enabled)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Go offline' }));
    await waitFor(() => expect(screen.getByTestId('on-air')).toHaveTextContent('Offline'));
    expect(media.peers[0]?.closed).toBe(true);
    expect(api.callsTo('POST /api/studio/live/stop')).toHaveLength(1);
  });

  it('publishes again by itself when the server says her media server went away', async () => {
    const media = fakeMedia();
    let live: StudioLiveState = { live: false, paused: false, viewers: [], session: null };
    const api = mockApi({
      'GET /api/studio/me': () => jsonResponse(me(false)),
      'GET /api/studio/live': () => jsonResponse(live),
      'POST /api/studio/live': () => {
        live = { live: true, paused: false, viewers: [], session: null };
        return jsonResponse({ answer: { type: 'answer', sdp: 'v=0 answer' }, iceServers: [] });
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(<StudioPage />, { route: '/studio', client });
    await userEvent.click(await screen.findByRole('button', { name: 'Go live' }));
    await waitFor(() => expect(screen.getByTestId('on-air')).toHaveTextContent('Live'));
    live = { live: false, paused: false, viewers: [], session: null, republish: true };
    await client.invalidateQueries({ queryKey: liveStateKey });
    await waitFor(() => expect(api.callsTo('POST /api/studio/live')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('on-air')).toHaveTextContent('Live'));
    // A second peer connection replaced the first; she was never told she is off air.
    expect(media.peers[0]?.closed).toBe(true);
    expect(screen.queryByText(/went offline because/)).not.toBeInTheDocument();
  });

  it('says so when the browser may not use her camera', async () => {
    fakeMedia({ denied: true });
    mockApi({
      'GET /api/studio/me': () => jsonResponse(me(false)),
      'GET /api/studio/live': () => jsonResponse({ live: false, paused: false, viewers: [] }),
    });
    renderWithProviders(<StudioPage />, { route: '/studio' });
    expect(await screen.findByText(/may not use your camera/)).toBeInTheDocument();
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
