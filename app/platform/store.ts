import { create } from 'zustand';
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
