import { writeCookie } from '#app/cookies.ts';
import { LAYOUT_COOKIE, LAYOUT_COOKIE_DAYS, THEMES, type ThemeName } from '#common/constants.ts';
import { useShellStore } from './store.ts';

/** Applies a layout: the MUI theme (through the store), the root element's class, and the cookie. */
export function applyLayout(layout: ThemeName) {
  writeCookie(LAYOUT_COOKIE, layout, LAYOUT_COOKIE_DAYS);
  const root = document.documentElement;
  for (const name of THEMES) root.classList.remove(`layout-${name}`);
  root.classList.add(`layout-${layout}`);
  useShellStore.getState().setLayout(layout);
}
