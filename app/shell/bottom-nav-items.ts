/** What the phone bottom navigation depends on. */
export type BottomNavState = {
  loggedIn: boolean;
  voicecall: boolean;
  routeNames: ReadonlySet<string>;
  /** The member's current nickname, shown on the nickname item. */
  nickname?: string | null;
};

export type BottomNavKey = 'login' | 'signup' | 'favorites' | 'messages' | 'coins' | 'nickname';

export type BottomNavItem = {
  key: BottomNavKey;
  /** i18n key of the label. */
  label: string;
  /** Shown instead of the translated label (the member's nickname). */
  text?: string;
  to: string;
};

type Candidate = BottomNavItem & { route: string | null; when: boolean };

/**
 * The bottom navigation of spec part 1 on phones: login and sign-up for visitors; favorites,
 * messages, coins and the nickname for members. Nothing during a voice call. Like the side menu,
 * an item appears only when its page exists in this release.
 */
export function bottomNavItems(s: BottomNavState): BottomNavItem[] {
  if (s.voicecall) return [];
  const member = s.loggedIn;
  const candidates: Candidate[] = [
    { key: 'login', label: 'bottomnav.login', to: '/login', route: 'login', when: !member },
    { key: 'signup', label: 'bottomnav.signup', to: '#sign-in', route: null, when: !member },
    {
      key: 'favorites',
      label: 'bottomnav.favorites',
      to: '/users/profile/favorites',
      route: 'users-profile-favorites',
      when: member,
    },
    { key: 'messages', label: 'bottomnav.messages', to: '/messages', route: 'messages', when: member },
    { key: 'coins', label: 'bottomnav.coins', to: '/billing', route: 'billing', when: member },
    {
      key: 'nickname',
      label: 'bottomnav.nickname',
      ...(s.nickname ? { text: s.nickname } : {}),
      to: '/users/profile/settings',
      route: 'users-profile-settings',
      when: member,
    },
  ];
  return candidates
    .filter((c) => c.when && (c.route === null || s.routeNames.has(c.route)))
    .map(({ route: _route, when: _when, ...item }) => item);
}
