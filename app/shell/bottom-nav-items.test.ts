import { describe, expect, it } from 'vitest';
import { routeNames } from '#app/route-names.ts';
import { type BottomNavState, bottomNavItems } from './bottom-nav-items.ts';

const ALL = new Set(['login', 'users-profile-favorites', 'messages', 'billing', 'users-profile-settings']);
const state = (over: Partial<BottomNavState> = {}): BottomNavState => ({
  loggedIn: false,
  voicecall: false,
  routeNames: ALL,
  ...over,
});
const keys = (s: BottomNavState) => bottomNavItems(s).map((i) => i.key);

describe('bottomNavItems', () => {
  it('offers a visitor login and sign-up', () => {
    expect(bottomNavItems(state())).toEqual([
      { key: 'login', label: 'bottomnav.login', to: '/login' },
      { key: 'signup', label: 'bottomnav.signup', to: '#sign-in' },
    ]);
  });

  it('offers a member favorites, messages, coins and the nickname, no login', () => {
    expect(keys(state({ loggedIn: true }))).toEqual(['favorites', 'messages', 'coins', 'nickname']);
  });

  it('labels the nickname item with the current nickname and links it to the settings', () => {
    const item = bottomNavItems(state({ loggedIn: true, nickname: 'Kitty' })).find((i) => i.key === 'nickname');
    expect(item).toEqual({
      key: 'nickname',
      label: 'bottomnav.nickname',
      text: 'Kitty',
      to: '/users/profile/settings',
    });
    const plain = bottomNavItems(state({ loggedIn: true, nickname: null })).find((i) => i.key === 'nickname');
    expect(plain).not.toHaveProperty('text');
  });

  it('is empty during a voice call, for members and visitors', () => {
    expect(bottomNavItems(state({ voicecall: true }))).toEqual([]);
    expect(bottomNavItems(state({ voicecall: true, loggedIn: true }))).toEqual([]);
  });

  it('shows favorites, messages and coins only once their pages exist', () => {
    expect(keys(state({ loggedIn: true, routeNames }))).toEqual(['favorites', 'messages', 'coins', 'nickname']);
    expect(keys(state({ routeNames }))).toEqual(['login', 'signup']);
    const withoutMessages = new Set([...routeNames].filter((n) => n !== 'messages'));
    expect(keys(state({ loggedIn: true, routeNames: withoutMessages }))).toEqual(['favorites', 'coins', 'nickname']);
  });
});
