import { describe, expect, it } from 'vitest';
import { VOICECALL_AGECHECK_TARGET, VOICECALL_TARGET } from '#app/features/voicecall/paths.ts';
import { routeNames } from '#app/route-names.ts';
import { type MenuState, sideMenuItems } from './side-menu-items.ts';

/** Every route the menu can link to, as once all features have shipped. */
const ALL_ROUTES = new Set([
  'index',
  'categories',
  'special',
  'xmas',
  'users-free_coins',
  'billing',
  'avs',
  'videos',
  'galleries',
  'users-archive',
  'users-profile-favorites',
  'messages',
  'users-profile-settings',
  'contact',
  'logout',
]);

const state = (over: Partial<MenuState> = {}): MenuState => ({
  loggedIn: false,
  voicecall: false,
  agechecked: false,
  freeCoinsDisabled: false,
  freeCoinsAvailable: false,
  local: false,
  now: new Date('2026-03-01T12:00:00Z'),
  routeNames: ALL_ROUTES,
  ...over,
});

const keys = (s: MenuState) => sideMenuItems(s).map((i) => i.key);

describe('sideMenuItems', () => {
  it('gives a visitor home, free coins, voice call, videos, galleries, contact and sign-up, in that order', () => {
    expect(keys(state())).toEqual(['home', 'free_coins', 'voicecall', 'videos', 'galleries', 'contact', 'signup']);
  });

  it('links a visitor to the videos and galleries pages', () => {
    const items = sideMenuItems(state());
    expect(items.find((i) => i.key === 'videos')).toEqual({ key: 'videos', label: 'sidemenu.videos', to: '/videos' });
    expect(items.find((i) => i.key === 'galleries')).toEqual({
      key: 'galleries',
      label: 'sidemenu.galleries',
      to: '/galleries',
    });
  });

  it('gives a member billing, the content pages, settings and logout instead of sign-up', () => {
    expect(keys(state({ loggedIn: true, freeCoinsAvailable: true }))).toEqual([
      'home',
      'free_coins',
      'billing',
      'voicecall',
      'videos',
      'galleries',
      'archive',
      'favorites',
      'messages',
      'settings',
      'contact',
      'logout',
    ]);
  });

  it('links settings to the profile settings page and sign-up to the #sign-in dialog', () => {
    const member = sideMenuItems(state({ loggedIn: true }));
    expect(member.find((i) => i.key === 'settings')?.to).toBe('/users/profile/settings');
    expect(member.find((i) => i.key === 'logout')?.to).toBe('/logout');
    expect(sideMenuItems(state()).find((i) => i.key === 'signup')?.to).toBe('#sign-in');
  });

  it('shows categories only in the local environment', () => {
    expect(keys(state())).not.toContain('categories');
    expect(keys(state({ local: true }))).toContain('categories');
  });

  describe('EURO Special', () => {
    it('shows before 2024-07-16', () => {
      expect(keys(state({ now: new Date('2024-06-14T18:00:00Z') }))).toContain('euro_special');
      expect(keys(state({ now: new Date('2024-07-15T23:59:59Z') }))).toContain('euro_special');
    });
    it('hides from 2024-07-16 on, and so today', () => {
      expect(keys(state({ now: new Date('2024-07-16T00:00:00Z') }))).not.toContain('euro_special');
      expect(keys(state({ now: new Date('2025-01-01T00:00:00Z') }))).not.toContain('euro_special');
      expect(keys(state({ now: new Date() }))).not.toContain('euro_special');
    });
    it('sits right after categories', () => {
      expect(keys(state({ local: true, now: new Date('2024-07-01T00:00:00Z') })).slice(0, 3)).toEqual([
        'home',
        'categories',
        'euro_special',
      ]);
    });
  });

  describe('Christmas', () => {
    const at = (iso: string) => keys(state({ now: new Date(iso) }));
    it('shows from 1 December (UTC) to 26 December included, every year', () => {
      expect(at('2026-11-30T23:59:59Z')).not.toContain('xmas');
      expect(at('2026-12-01T00:00:00Z')).toContain('xmas');
      expect(at('2026-12-26T23:59:59Z')).toContain('xmas');
      expect(at('2026-12-27T00:00:00Z')).not.toContain('xmas');
      expect(at('2031-12-24T12:00:00Z')).toContain('xmas');
      expect(at('2027-01-01T00:00:00Z')).not.toContain('xmas');
    });
    it('links to /xmas after the specials, for visitors and members, only when the page exists', () => {
      const december = new Date('2026-12-10T12:00:00Z');
      const item = sideMenuItems(state({ now: december })).find((i) => i.key === 'xmas');
      expect(item).toEqual({ key: 'xmas', label: 'sidemenu.xmas', to: '/xmas' });
      expect(keys(state({ now: december, loggedIn: true }))).toContain('xmas');
      const without = new Set([...ALL_ROUTES].filter((r) => r !== 'xmas'));
      expect(keys(state({ now: december, routeNames: without }))).not.toContain('xmas');
      expect(keys(state({ now: december })).slice(0, 2)).toEqual(['home', 'xmas']);
    });
  });

  describe('free coins', () => {
    it('hides when free coins are disabled', () => {
      expect(keys(state({ freeCoinsDisabled: true }))).not.toContain('free_coins');
      expect(keys(state({ loggedIn: true, freeCoinsAvailable: true, freeCoinsDisabled: true }))).not.toContain(
        'free_coins',
      );
    });
    it('hides for a member without free coins available, shows for one with', () => {
      expect(keys(state({ loggedIn: true, freeCoinsAvailable: false }))).not.toContain('free_coins');
      expect(keys(state({ loggedIn: true, freeCoinsAvailable: true }))).toContain('free_coins');
    });
    it('shows for a visitor whatever the availability flag says', () => {
      expect(keys(state({ freeCoinsAvailable: false }))).toContain('free_coins');
    });
  });

  describe('billing', () => {
    it('carries the number of active coupons as a badge, none when zero', () => {
      const withCoupons = sideMenuItems(state({ loggedIn: true, activeCoupons: 3 }));
      expect(withCoupons.find((i) => i.key === 'billing')).toMatchObject({
        badge: 3,
        badgeText: 'sidemenu.coupons_ready',
      });
      const without = sideMenuItems(state({ loggedIn: true, activeCoupons: 0 }));
      expect(without.find((i) => i.key === 'billing')).not.toHaveProperty('badge');
    });
    it('is not offered to visitors', () => {
      expect(keys(state())).not.toContain('billing');
    });
  });

  describe('voice call', () => {
    it('goes through the age check when the session is not age-checked', () => {
      expect(sideMenuItems(state()).find((i) => i.key === 'voicecall')?.to).toBe(VOICECALL_AGECHECK_TARGET);
    });
    it('starts directly for an age-checked session', () => {
      expect(sideMenuItems(state({ agechecked: true })).find((i) => i.key === 'voicecall')?.to).toBe(VOICECALL_TARGET);
    });
    it('needs the age-check page only when the session is not age-checked', () => {
      const noAvs = new Set([...ALL_ROUTES].filter((r) => r !== 'avs'));
      expect(keys(state({ routeNames: noAvs }))).not.toContain('voicecall');
      expect(keys(state({ routeNames: noAvs, agechecked: true }))).toContain('voicecall');
    });
  });

  describe('voice-call mode', () => {
    it('keeps only home, contact and logout for a member', () => {
      expect(keys(state({ loggedIn: true, voicecall: true, freeCoinsAvailable: true, local: true }))).toEqual([
        'home',
        'contact',
        'logout',
      ]);
    });
    it('hides sign-up for a visitor', () => {
      expect(keys(state({ voicecall: true }))).toEqual(['home', 'contact']);
    });
  });

  describe('routes of this release', () => {
    it('hides items whose page does not exist', () => {
      expect(keys(state({ loggedIn: true, routeNames: new Set(['index', 'contact', 'logout']) }))).toEqual([
        'home',
        'contact',
        'logout',
      ]);
    });
    it('with the real route table, shows no link to a page that is not there', () => {
      const member = keys(state({ loggedIn: true, freeCoinsAvailable: true, local: true, routeNames }));
      expect(member).toEqual(
        expect.arrayContaining([
          'home',
          'billing',
          'videos',
          'galleries',
          'archive',
          'favorites',
          'messages',
          'settings',
          'logout',
        ]),
      );
      expect(keys(state({ routeNames }))).toEqual(expect.arrayContaining(['home', 'contact', 'signup']));
    });
  });
});
