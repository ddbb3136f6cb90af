import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '#app/features/auth/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { useSnackbarStore } from '#app/ui/snackbar.ts';
import { favoritesQuery } from './api.ts';
import { FavoriteToggle } from './FavoriteToggle.tsx';
import { favoriteRow } from './testing.ts';

const SHOW = { universalId: 'u-anna', showName: 'Anna', isFavorite: false };
const detailKey = ['shows', 'detail', 'u-anna'];

/** The toggle as the show page uses it: reading the show from the detail cache. */
function renderToggle(opts: { member: boolean; isFavorite?: boolean }) {
  const show = { ...SHOW, isFavorite: opts.isFavorite ?? false };
  return renderWithProviders(<CachedToggle initial={show} />, {
    route: '/chat/u-anna/anna',
    user: opts.member ? testUser() : null,
  });
}

function CachedToggle({ initial }: { initial: typeof SHOW }) {
  const { data } = useQuery({
    queryKey: detailKey,
    queryFn: () => Promise.resolve(initial),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ? <FavoriteToggle show={data} /> : null;
}

describe('favorite toggle', () => {
  it('adds a favorite for a member: POST, the show cache turns pressed, the favorites list reloads', async () => {
    const api = mockApi({
      'POST /api/favorites/u-anna': () => jsonResponse({ data: favoriteRow({ universalId: 'u-anna' }) }),
      'GET /api/user/favorites': () => jsonResponse({ data: [favoriteRow({ universalId: 'u-anna' })], online: 0 }),
    });
    const { client } = renderToggle({ member: true });
    client.setQueryData(favoritesQuery.queryKey, { data: [], online: 0 });
    const button = await screen.findByRole('button', { name: 'Add Anna to favorites' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    const pressed = await screen.findByRole('button', { name: 'Remove Anna from favorites' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('POST /api/favorites/u-anna')).toHaveLength(1);
    expect(client.getQueryData<typeof SHOW>(detailKey)?.isFavorite).toBe(true);
    expect(client.getQueryState(favoritesQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it('removes a favorite with DELETE and drops it from the cached list', async () => {
    const api = mockApi({
      'DELETE /api/favorites/u-anna': () => new Response(null, { status: 204 }),
      'GET /api/user/favorites': () => jsonResponse({ data: [], online: 0 }),
    });
    const { client } = renderToggle({ member: true, isFavorite: true });
    client.setQueryData(favoritesQuery.queryKey, { data: [favoriteRow({ universalId: 'u-anna' })], online: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Anna from favorites' }));
    expect(await screen.findByRole('button', { name: 'Add Anna to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(api.callsTo('DELETE /api/favorites/u-anna')).toHaveLength(1);
    expect(client.getQueryData(favoritesQuery.queryKey)).toEqual({ data: [], online: 0 });
  });

  it('a favorite already removed elsewhere (404) counts as removed', async () => {
    mockApi({
      'DELETE /api/favorites/u-anna': () => apiError(404, { error: 'not_found', message: 'not_found' }),
    });
    renderToggle({ member: true, isFavorite: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Anna from favorites' }));
    expect(await screen.findByRole('button', { name: 'Add Anna to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('sends a visitor to the sign-in dialog and calls nothing', async () => {
    const api = mockApi({});
    const { router } = renderToggle({ member: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Anna to favorites' }));
    expect(router.state.location.hash).toBe('#sign-in');
    expect(router.state.location.pathname).toBe('/chat/u-anna/anna');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the first error of a refused add (422) and stays unpressed', async () => {
    useSnackbarStore.setState({ queue: [] });
    mockApi({
      'POST /api/favorites/u-anna': () =>
        apiError(422, {
          error: 'validation_failed',
          message: 'validation_failed',
          errors: { id: ['errors.validations.too_many', 'errors.validations.invalid'] },
        }),
    });
    renderToggle({ member: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Anna to favorites' }));
    await waitFor(() =>
      expect(useSnackbarStore.getState().queue.map((s) => s.messageKey)).toEqual(['errors.validations.too_many']),
    );
    expect(screen.getByRole('button', { name: 'Add Anna to favorites' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('speaks German', async () => {
    mockApi({});
    renderWithProviders(<FavoriteToggle show={SHOW} />, { user: testUser(), lang: 'de' });
    expect(await screen.findByRole('button', { name: 'Anna zu den Favoriten hinzufügen' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
