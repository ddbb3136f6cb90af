import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { readCookie } from '#app/cookies.ts';
import { isThemeName } from '#app/theme/themes.ts';
import { DEFAULT_THEME, LAYOUT_COOKIE, type ThemeName } from '#common/constants.ts';

/**
 * A server-rendered page names the layout and header it was rendered with on the root element
 * (`data-layout`, `data-header`): the store starts from them, so hydration renders what the server did.
 */
const rendered = (): DOMStringMap | null => (typeof document !== 'undefined' ? document.documentElement.dataset : null);

const initialLayout = (): ThemeName => {
  const fromServer = rendered()?.layout;
  if (isThemeName(fromServer)) return fromServer;
  const saved = typeof document !== 'undefined' ? readCookie(LAYOUT_COOKIE) : null;
  return isThemeName(saved) ? saved : DEFAULT_THEME;
};

/** Shell state that is not server state: header visibility and the layout in use. */
export const useShellStore = create<{
  headerHidden: boolean;
  layout: ThemeName;
  setHeaderHidden: (v: boolean) => void;
  setLayout: (v: ThemeName) => void;
}>((set) => ({
  headerHidden: rendered()?.header === 'off',
  layout: initialLayout(),
  setHeaderHidden: (headerHidden) => set({ headerHidden }),
  setLayout: (layout) => set({ layout }),
}));

/**
 * What survives a reload (spec: persisted state): the incentive timestamp, and the timestamp of
 * the offer the visitor folded away (it stays folded while that offer runs).
 */
export const usePersistedStore = create<{
  incentiveTsp: number | null;
  incentiveHidden: number | null;
  setIncentiveTsp: (v: number | null) => void;
  setIncentiveHidden: (v: number | null) => void;
}>()(
  persist(
    (set) => ({
      incentiveTsp: null,
      incentiveHidden: null,
      setIncentiveTsp: (incentiveTsp) => set({ incentiveTsp }),
      setIncentiveHidden: (incentiveHidden) => set({ incentiveHidden }),
    }),
    { name: 'livecam.shell', storage: createJSONStorage(() => localStorage) },
  ),
);
