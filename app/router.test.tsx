import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testConfig, testSession, testUser } from '#app/test/render.tsx';
import { i18n } from './i18n.ts';
import { useShellStore } from './platform/store.ts';
import { queryClient } from './query-client.ts';
import { rootLoader } from './router.tsx';

function serve(state: { session: ReturnType<typeof testSession>; user: ReturnType<typeof testUser> | null }) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/session/init')) return jsonResponse(state);
    if (url.startsWith('/api/config')) return jsonResponse(testConfig());
    return jsonResponse({ error: 'not_found', message: 'not_found' }, 404);
  });
}

const page = (path: string, name: string) => ({ path, handle: { name }, element: <p>page {name}</p> });

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        loader: rootLoader,
        shouldRevalidate: () => true,
        children: [
          page('/', 'index'),
          page('/verify', 'verify'),
          page('/users/profile', 'users-profile'),
          page('/terms', 'terms'),
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('route middleware in the router', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => vi.restoreAllMocks());

  it('redirects an unverified member to /verify and lets them read the terms', async () => {
    serve({ session: testSession(), user: testUser({ is_verified: false }) });
    const router = renderAt('/users/profile');
    expect(await screen.findByText('page verify')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    await router.navigate('/terms');
    expect(await screen.findByText('page terms')).toBeInTheDocument();
  });

  it('sends a voice-call session home', async () => {
    serve({ session: testSession({ voicecall: true }), user: testUser() });
    const router = renderAt('/users/profile');
    expect(await screen.findByText('page index')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('applies h=off and lang from the query before rendering', async () => {
    serve({ session: testSession(), user: null });
    renderAt('/terms?h=off&lang=de');
    expect(await screen.findByText('page terms')).toBeInTheDocument();
    expect(useShellStore.getState().headerHidden).toBe(true);
    expect(i18n.language).toBe('de');
    expect(document.cookie).toContain('locale=de');
  });

  it('applies the layout from the query l as a class on the root element and a cookie', async () => {
    serve({ session: testSession(), user: null });
    renderAt('/?l=greenhorn');
    expect(await screen.findByText('page index')).toBeInTheDocument();
    expect(document.documentElement.classList.contains('layout-greenhorn')).toBe(true);
    expect(useShellStore.getState().layout).toBe('greenhorn');
    expect(document.cookie).toContain('layout=greenhorn');
  });
});
