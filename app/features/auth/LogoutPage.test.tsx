import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { jsonResponse, renderWithProviders, testSession, testUser } from '#app/test/render.tsx';
import { LOGOUT_REFETCH_MS, LogoutPage } from './LogoutPage.tsx';
import { mockApi } from './testing.ts';

describe('logout page', () => {
  it('logs out, forgets the user, goes home and reads the session again a second later', async () => {
    const api = mockApi({
      'POST /api/auth/logout': () => jsonResponse({ ok: true }),
      'GET /api/session/init': () => jsonResponse({ session: testSession({ session_id: 'fresh' }), user: null }),
    });
    const { client } = renderWithProviders(<LogoutPage />, {
      route: '/logout',
      user: testUser(),
      routes: [{ path: '/', element: <p>home page</p> }],
    });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(client.getQueryData(sessionQuery.queryKey)?.user).toBeNull();
    expect(api.callsTo('GET /api/session/init')).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('GET /api/session/init')).toHaveLength(1), {
      timeout: LOGOUT_REFETCH_MS + 1000,
    });
  });

  it("keeps the route's query: home with it, and the session refresh sends it along", async () => {
    const api = mockApi({
      'POST /api/auth/logout': () => jsonResponse({ ok: true }),
      'GET /api/session/init': () => jsonResponse({ session: testSession(), user: null }),
    });
    const { router } = renderWithProviders(<LogoutPage />, {
      route: '/logout?webid=7&ref=partner',
      path: '/logout',
      user: testUser(),
      routes: [{ path: '/', element: <p>home page</p> }],
    });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?webid=7&ref=partner');
    await waitFor(() => expect(api.callsTo('GET /api/session/init')).toHaveLength(1), {
      timeout: LOGOUT_REFETCH_MS + 1000,
    });
    const query = api.callsTo('GET /api/session/init')[0]?.query;
    expect(query?.get('webid')).toBe('7');
    expect(query?.get('ref')).toBe('partner');
  });
});
