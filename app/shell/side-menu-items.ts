import { euroSpecialActive, xmasActive } from '#app/features/promos/seasons.ts';
import { VOICECALL_AGECHECK_TARGET, VOICECALL_TARGET } from '#app/features/voicecall/paths.ts';
import { VOICECALL_ALLOWED } from './middleware.ts';

/** What the side menu depends on: session flags, the environment, the clock and the routes of this release. */
export type MenuState = {
  loggedIn: boolean;
  voicecall: boolean;
  agechecked: boolean;
  freeCoinsDisabled: boolean;
  freeCoinsAvailable: boolean;
  local: boolean;
  now: Date;
  routeNames: ReadonlySet<string>;
  /** Active coupons of the member, shown as a badge on the billing item. */
  activeCoupons?: number;
};

export type MenuItemKey =
  | 'home'
  | 'categories'
  | 'euro_special'
  | 'xmas'
  | 'free_coins'
  | 'billing'
  | 'voicecall'
  | 'videos'
  | 'galleries'
  | 'archive'
  | 'favorites'
  | 'messages'
  | 'settings'
  | 'contact'
  | 'logout'
  | 'signup';

export type MenuItem = {
  key: MenuItemKey;
  /** i18n key of the label. */
  label: string;
  /** Link target: a path, or a hash that opens a dialog. */
  to: string;
  badge?: number;
  /** i18n key (with the badge's count) that says what the badge counts, shown beneath the label. */
  badgeText?: string;
};

type Candidate = MenuItem & {
  /** The route that must exist in this release; null for items that open a dialog. */
  route: string | null;
  /** Further routes the link needs (e.g. the age check before a voice call). */
  alsoNeeds?: string[];
  when: boolean;
};

/**
 * The side menu of spec part 1 ("Shell screens"), item by item, in its order. An item appears only
 * when its rule holds and its page exists in this release; a voice-call session keeps only the
 * items whose pages stay open during the call.
 */
export function sideMenuItems(s: MenuState): MenuItem[] {
  const member = s.loggedIn;
  const freeCoins = !s.freeCoinsDisabled && !s.voicecall && (!member || s.freeCoinsAvailable);
  const coupons = s.activeCoupons ?? 0;
  const candidates: Candidate[] = [
    { key: 'home', label: 'sidemenu.home', to: '/', route: 'index', when: true },
    { key: 'categories', label: 'sidemenu.categories', to: '/shows/categories', route: 'categories', when: s.local },
    {
      key: 'euro_special',
      label: 'sidemenu.euro_special',
      to: '/special',
      route: 'special',
      when: euroSpecialActive(s.now),
    },
    { key: 'xmas', label: 'sidemenu.xmas', to: '/xmas', route: 'xmas', when: xmasActive(s.now) },
    {
      key: 'free_coins',
      label: 'sidemenu.free_coins',
      to: '/users/free_coins',
      route: 'users-free_coins',
      when: freeCoins,
    },
    {
      key: 'billing',
      label: 'sidemenu.billing',
      to: '/billing',
      route: 'billing',
      when: member && !s.voicecall,
      ...(coupons > 0 ? { badge: coupons, badgeText: 'sidemenu.coupons_ready' } : {}),
    },
    {
      key: 'voicecall',
      label: 'sidemenu.voicecall',
      to: s.agechecked ? VOICECALL_TARGET : VOICECALL_AGECHECK_TARGET,
      route: 'billing',
      ...(s.agechecked ? {} : { alsoNeeds: ['avs'] }),
      when: !s.voicecall,
    },
    // Visitors browse videos and galleries too (section 1 of both spec parts): the menu's
    // "(logged in)" holds for the member's own pages that follow (archive to settings).
    { key: 'videos', label: 'sidemenu.videos', to: '/videos', route: 'videos', when: true },
    { key: 'galleries', label: 'sidemenu.galleries', to: '/galleries', route: 'galleries', when: true },
    { key: 'archive', label: 'sidemenu.archive', to: '/users/archive', route: 'users-archive', when: member },
    {
      key: 'favorites',
      label: 'sidemenu.favorites',
      to: '/users/profile/favorites',
      route: 'users-profile-favorites',
      when: member,
    },
    { key: 'messages', label: 'sidemenu.messages', to: '/messages', route: 'messages', when: member },
    {
      key: 'settings',
      label: 'sidemenu.settings',
      to: '/users/profile/settings',
      route: 'users-profile-settings',
      when: member,
    },
    { key: 'contact', label: 'sidemenu.contact', to: '/contact', route: 'contact', when: true },
    { key: 'logout', label: 'sidemenu.logout', to: '/logout', route: 'logout', when: member },
    { key: 'signup', label: 'sidemenu.signup', to: '#sign-in', route: null, when: !member && !s.voicecall },
  ];
  return candidates
    .filter((c) => c.when)
    .filter((c) => c.route === null || s.routeNames.has(c.route))
    .filter((c) => (c.alsoNeeds ?? []).every((r) => s.routeNames.has(r)))
    .filter((c) => !s.voicecall || c.route === null || VOICECALL_ALLOWED.has(c.route))
    .map(({ key, label, to, badge, badgeText }) =>
      badge === undefined ? { key, label, to } : { key, label, to, badge, ...(badgeText ? { badgeText } : {}) },
    );
}
