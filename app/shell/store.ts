import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { readCookie } from '#app/cookies.ts';
import { isThemeName } from '#app/theme/themes.ts';
import { DEFAULT_THEME, LAYOUT_COOKIE, type ThemeName } from '#common/constants.ts';

const initialLayout = (): ThemeName => {
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
  headerHidden: false,
  layout: initialLayout(),
  setHeaderHidden: (headerHidden) => set({ headerHidden }),
  setLayout: (layout) => set({ layout }),
}));

/** What survives a reload (spec: persisted state): the incentive timestamp. */
export const usePersistedStore = create<{
  incentiveTsp: number | null;
  setIncentiveTsp: (v: number | null) => void;
}>()(
  persist(
    (set) => ({
      incentiveTsp: null,
      setIncentiveTsp: (incentiveTsp) => set({ incentiveTsp }),
    }),
    { name: 'livecam.shell', storage: createJSONStorage(() => localStorage) },
  ),
);
