import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '#app/i18n.ts';
import { mockViewportWidth } from '#app/test/match-media.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { RootLayout } from './RootLayout.tsx';
import { useShellStore } from './store.ts';

let restore: () => void = () => {};

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/version') {
      return new Response('test-build', { headers: { 'content-type': 'text/plain' } });
    }
    // Member lists the bar and the menu count from.
    if (['/api/user/favorites', '/api/coupons'].includes(String(input))) return jsonResponse({ data: [] });
    return jsonResponse({ video_id: null, voucher_percent: null, incentive_tsp: null });
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
  restore();
  vi.restoreAllMocks();
  useShellStore.setState({ headerHidden: false });
});

const render = async (width: number, opts: Parameters<typeof renderWithProviders>[1] = {}) => {
  restore = mockViewportWidth(width);
  const result = renderWithProviders(<RootLayout />, opts);
  await act(async () => {});
  return result;
};

describe('RootLayout', () => {
  it('on a phone: bottom navigation, a menu button and a temporary drawer', async () => {
    await render(390);
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).toBeInTheDocument();
    expect(screen.queryByTestId('drawer-permanent')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('on a desktop: the permanent drawer and no bottom navigation', async () => {
    await render(1280);
    expect(screen.getByTestId('drawer-permanent')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('on a desktop: the languages on the top bar, switching the page at once', async () => {
    await render(1280);
    const languages = within(screen.getByRole('banner')).getByRole('group', { name: 'Language' });
    fireEvent.click(within(languages).getByRole('button', { name: 'Deutsch' }));
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
    expect(within(languages).getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.cookie).toContain('locale=de');
  });

  it('on a phone: the languages in the side menu', async () => {
    await render(390);
    expect(within(screen.getByRole('banner')).queryByRole('group', { name: 'Language' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByTestId('drawer-temporary');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Deutsch' }));
    expect(await within(drawer).findByRole('link', { name: 'Kontakt' })).toBeInTheDocument();
  });

  it('shows the logo linking home and the visitor’s login and sign-up links', async () => {
    await render(1280);
    const logo = screen.getByRole('img', { name: 'LiveCam' });
    expect(logo).toHaveAttribute('src', '/logo.svg');
    expect(logo.closest('a')).toHaveAttribute('href', '/');
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Log in');
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0]).toHaveAttribute('href', '/#sign-in');
  });

  it('shows a member’s coins with a label', async () => {
    await render(1280, { user: testUser({ coins: 1250 }) });
    expect(await screen.findByLabelText('Your balance: 1250 coins')).toHaveTextContent('1,250');
    expect(screen.getByRole('banner')).not.toHaveTextContent('Log in');
  });

  it('on a phone a member keeps the history menu and a face-only nickname menu', async () => {
    await render(390, { user: testUser() });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Recently visited' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: /nickname/i })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('in a voice call: no login links and no bottom navigation', async () => {
    await render(390, { session: { voicecall: true } });
    expect(screen.getByRole('banner')).not.toHaveTextContent('Log in');
    expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).not.toBeInTheDocument();
  });

  it('hides the top bar when the header is switched off', async () => {
    useShellStore.setState({ headerHidden: true });
    await render(1280);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
