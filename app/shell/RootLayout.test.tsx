import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIncentiveStore } from '#app/features/promos/store.ts';
import { type SessionState, sessionQuery } from '#app/features/session/api.ts';
import { i18n } from '#app/i18n.ts';
import { useShellStore } from '#app/platform/store.ts';
import { mockViewportWidth } from '#app/test/match-media.ts';
import { jsonResponse, renderWithProviders, testUser } from '#app/test/render.tsx';
import { RootLayout } from './RootLayout.tsx';

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
  useIncentiveStore.setState({ incentiveTsp: null, incentiveHidden: null });
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
    expect(screen.getAllByRole('link', { name: 'Sign up for free' })[0]).toHaveAttribute('href', '/#sign-in');
  });

  it('shows the logo and name of the site the configuration names (a second domain)', async () => {
    await render(1280, { config: { site: { name: 'Nachtfalter Live', logo: '/sites/nachtfalter.svg', webid: 42 } } });
    const logo = screen.getByRole('img', { name: 'Nachtfalter Live' });
    expect(logo).toHaveAttribute('src', '/sites/nachtfalter.svg');
    expect(screen.queryByRole('img', { name: 'LiveCam' })).not.toBeInTheDocument();
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

  it('in a voice call the reduced menu says why and links to the call, in German too', async () => {
    await render(1280, { user: testUser(), session: { voicecall: true } });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(menu).toHaveTextContent('Phone call in progress: the menu is reduced until the call ends.');
    // A standing explanation (status), not an interruption (alert) each time the menu opens.
    expect(within(menu).getByRole('status')).toHaveTextContent('the menu is reduced');
    expect(within(menu).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Show the call' })).toHaveAttribute(
      'href',
      '/billing?paymenttypename=voicecall',
    );
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Phone call in progress: show the call' }),
    ).toHaveAttribute('href', '/billing?paymenttypename=voicecall');
    await act(() => i18n.changeLanguage('de'));
    expect(menu).toHaveTextContent('Telefonat läuft: Bis zum Ende des Anrufs ist das Menü verkürzt.');
    expect(within(menu).getByRole('link', { name: 'Zum Anruf' })).toBeInTheDocument();
  });

  it('out of a voice call the menu has no call notice', async () => {
    await render(1280, { user: testUser() });
    expect(screen.queryByTestId('voicecall-notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Phone call in progress: show the call' })).not.toBeInTheDocument();
  });

  it('on the first visit shows one overlay at a time: the age gate, the consent banner, then the gift', async () => {
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).endsWith('/session/incentive_tsp')) {
        const { incentive_tsp } = JSON.parse(String(init?.body)) as { incentive_tsp: number };
        return jsonResponse({ video_id: null, voucher_percent: null, incentive_tsp });
      }
      return new Response('test-build', { headers: { 'content-type': 'text/plain' } });
    });
    const { client } = await render(390, { session: { splash18_confirmed: false } });
    expect(await screen.findByRole('dialog', { name: /18\+/ })).toBeInTheDocument();
    const consent = () => screen.queryByRole('region', { name: 'Your privacy' });
    const gift = () => screen.queryByRole('button', { name: /welcome offer/ });
    await act(async () => {});
    expect(consent()).not.toBeInTheDocument();
    expect(gift()).not.toBeInTheDocument();

    act(() =>
      client.setQueryData<SessionState>(sessionQuery.queryKey, (d) =>
        d ? { ...d, session: { ...d.session, splash18_confirmed: true } } : d,
      ),
    );
    expect(await screen.findByRole('region', { name: 'Your privacy' })).toBeInTheDocument();
    await act(async () => {});
    expect(gift()).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: /welcome offer/ })).toBeInTheDocument();
    expect(consent()).not.toBeInTheDocument();
  });

  it.each([
    [1280, true],
    [390, false],
  ])(
    'at %i px the welcome offer sits in the side menu: %s (it never covers the page on wide screens)',
    async (width, docked) => {
      vi.mocked(fetch).mockImplementation(async (input, init) => {
        if (String(input).endsWith('/session/incentive_tsp')) {
          const { incentive_tsp } = JSON.parse(String(init?.body)) as { incentive_tsp: number };
          return jsonResponse({ video_id: null, voucher_percent: null, incentive_tsp });
        }
        return new Response('test-build', { headers: { 'content-type': 'text/plain' } });
      });
      await render(width);
      fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
      const gift = await screen.findByRole('button', { name: 'Show the welcome offer' });
      fireEvent.click(gift);
      const offer = await screen.findByRole('heading', { name: 'Your welcome gift' });
      const menu = screen.queryByTestId('drawer-permanent');
      expect(Boolean(menu?.contains(offer))).toBe(docked);
      expect(Boolean(menu?.contains(screen.getByRole('button', { name: 'Hide the welcome offer' })))).toBe(docked);
    },
  );

  it('puts the consent banner before the top bar and the menu in the Tab order', async () => {
    await render(1280);
    const accept = await screen.findByRole('button', { name: 'Accept' });
    const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input')];
    expect(focusable.indexOf(accept)).toBeLessThan(3);
    const search = screen.getByRole('searchbox', { name: /search/i });
    expect(accept.compareDocumentPosition(search) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says what the number on "Buy coins" counts: the member’s coupons', async () => {
    const coupon = (code: string) => ({
      type: 'VIDEO',
      value: 0,
      valid_until: '2099-01-01T00:00:00Z',
      exchangeRate: 0.1,
      currency: 'EUR',
      code,
      webid: 1,
    });
    vi.mocked(fetch).mockImplementation(async (input) => {
      if (String(input) === '/api/coupons') return jsonResponse({ data: [coupon('A'), coupon('B')] });
      if (String(input) === '/api/user/favorites') return jsonResponse({ data: [] });
      return new Response('test-build', { headers: { 'content-type': 'text/plain' } });
    });
    await render(1280, { user: testUser() });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByRole('link', { name: 'Buy coins 2 coupons to use' })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('hides the top bar when the header is switched off', async () => {
    useShellStore.setState({ headerHidden: true });
    await render(1280);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
