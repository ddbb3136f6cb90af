import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { applyShowUpdates } from '#app/features/shows/live-updates.ts';
import { showsPage, showTile } from '#app/features/shows/testing.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { FreeShowPage } from './FreeShowPage.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const free = (name: string, over = {}) =>
  showTile({
    universalId: `u-${name}`,
    showName: name,
    slugName: name.toLowerCase(),
    flags: { free: true, exclusive: 0 },
    ...over,
  });

const render = (opts: { user?: boolean; lang?: 'en' | 'de'; seconds?: number } = {}) =>
  renderWithProviders(<FreeShowPage />, {
    route: '/freeshow',
    user: opts.user ? testUser() : null,
    lang: opts.lang ?? 'en',
    config: {
      chat: { tip_amounts: [10], minute_seconds: 60, voyeur_percent: 50, free_guest_seconds: opts.seconds ?? 300 },
    },
  });

describe('FreeShowPage', () => {
  it('explains free chat with the configured minutes and lists the free shows online now, asked with filter=free', async () => {
    const api = mockApi({ 'GET /api/shows': () => jsonResponse(showsPage([free('Anna'), free('Bea')])) });
    render({ seconds: 600 });
    expect(screen.getByRole('heading', { level: 1, name: 'Chat for free' })).toBeInTheDocument();
    expect(screen.getByText('Without an account you chat as “guest” for 10 minutes a day.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Free chat online now' });
    const [first, second, ...rest] = within(list).getAllByRole('article');
    expect(first).toHaveAccessibleName('Anna');
    expect(second).toHaveAccessibleName('Bea');
    expect(rest).toEqual([]);
    expect(api.callsTo('GET /api/shows')[0]?.query.get('filter')).toBe('free');
    // Visitors are asked to sign up.
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/freeshow#sign-in');
    expect(document.title).toContain('Free chat');
  });

  it('drops a show that goes offline at once', async () => {
    mockApi({ 'GET /api/shows': () => jsonResponse(showsPage([free('Anna'), free('Bea'), free('Cleo')])) });
    const { client } = render();
    await screen.findByRole('article', { name: 'Anna' });
    act(() => applyShowUpdates(client, { 'u-Anna': { online: false } }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Anna' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Bea' })).toBeInTheDocument();
  });

  it('says so when nobody offers free chat, with a way to the shows; members see no sign-up', async () => {
    mockApi({ 'GET /api/shows': () => jsonResponse(showsPage([])) });
    render({ user: true });
    expect(await screen.findByText(/No performer offers a free chat at the moment/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All shows' })).toHaveAttribute('href', '/shows/all-shows');
    expect(screen.queryByRole('link', { name: 'Sign up for free' })).not.toBeInTheDocument();
  });

  it('speaks German with "Sie"', async () => {
    mockApi({ 'GET /api/shows': () => jsonResponse(showsPage([])) });
    render({ lang: 'de', seconds: 60 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kostenlos chatten' })).toBeInTheDocument();
    expect(screen.getByText('Ohne Konto chatten Sie 1 Minute am Tag als „guest“.')).toBeInTheDocument();
    expect(await screen.findByText(/Schauen Sie bald wieder vorbei/)).toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    mockApi({ 'GET /api/shows': () => jsonResponse({ error: 'server_error', message: 'x' }, 500) });
    render();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
