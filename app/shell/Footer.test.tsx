import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import packageJson from '../../package.json';
import { Footer } from './Footer.tsx';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const named = (name: string, path: string) => [{ path, handle: { name }, element: <Footer /> }];

describe('Footer', () => {
  it('shows the bundle’s own version, not the server’s from GET /config', () => {
    // testConfig says 1.4.2: a server that moved on while this tab kept its bundle.
    renderWithProviders(<p />, { route: '/', routes: named('index', '/') });
    expect(packageJson.version).not.toBe('1.4.2');
    expect(screen.getByTestId('app-version')).toHaveTextContent(`Version ${packageJson.version}`);
    expect(screen.getByTestId('app-version')).not.toHaveTextContent('1.4.2');
  });

  it('is the full footer on the index, with the legal links, card marks and languages', () => {
    renderWithProviders(<p />, { route: '/', routes: named('index', '/') });
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByTestId('footer-full')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', '/imprint');
    expect(screen.getByRole('link', { name: '2257 statement' })).toHaveAttribute('href', '/usc2257');
    expect(screen.getByRole('link', { name: 'Models wanted' })).toHaveAttribute('href', '/camgirl_werden');
    expect(screen.getByRole('list', { name: 'Accepted cards' })).toHaveTextContent('VISAMastercard');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByTestId('app-version')).toHaveTextContent(`Version ${packageJson.version}`);
  });

  it('is compact elsewhere, with the same links', () => {
    renderWithProviders(<p />, { route: '/faq', routes: named('faq', '/faq') });
    expect(screen.getByTestId('footer-compact')).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(14);
    expect(screen.getByTestId('app-version')).toHaveTextContent(`Version ${packageJson.version}`);
  });

  it('is hidden while the chat overlay is open', () => {
    renderWithProviders(<p />, { route: '/#enter_chat', routes: named('index', '/') });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('on a show page: compact while the chat is closed, hidden while it is open', async () => {
    const { router } = renderWithProviders(<p />, { route: '/chat/u-anna', routes: named('show', '/chat/:showid') });
    expect(screen.getByTestId('footer-compact')).toBeInTheDocument();
    await act(() => router.navigate('/chat/u-anna#enter_chat'));
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    await act(() => router.navigate('/chat/u-anna'));
    expect(screen.getByTestId('footer-compact')).toBeInTheDocument();
  });

  it('switches a visitor’s language without calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<p />, { route: '/faq', routes: named('faq', '/faq') });
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Impressum' })).toBeInTheDocument());
    expect(document.cookie).toContain('locale=de');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('saves a member’s language on the account', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input) === '/api/user/update'
          ? jsonResponse({ user: testUser({ locale: 'de' }) })
          : new Response(null, { status: 204 }),
      );
    const { client } = renderWithProviders(<p />, { route: '/faq', routes: named('faq', '/faq'), user: testUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(client.getQueryData(sessionQuery.queryKey)?.user?.locale).toBe('de'));
    const put = fetchSpy.mock.calls.find(([u]) => u === '/api/user/update');
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ locale: 'de' });
  });
});
