import { createTheme, type Theme } from '@mui/material/styles';
import { type Device, ssrMatchMedia } from '#app/platform/viewport.ts';
import { BREAKPOINTS, CONTENT_MAX_WIDTH, DEFAULT_THEME, THEMES, type ThemeName } from '#common/constants.ts';

/**
 * The six layouts of the spec. Each is a palette on one shared shape; the only place in the
 * app that names colours.
 */
export type Palette = {
  mode: 'dark' | 'light';
  primary: string;
  secondary: string;
  bg: string;
  paper: string;
  bar: string;
  /** The keyboard focus ring on the page and on the top bar: at least 3:1 against what surrounds it. */
  focus: string;
  barFocus: string;
};

export const PALETTES: Record<ThemeName, Palette> = {
  redhot: {
    mode: 'dark',
    primary: '#ef5350',
    secondary: '#ffb300',
    bg: '#121212',
    paper: '#1e1e1e',
    bar: '#b71c1c',
    focus: '#ffffff',
    barFocus: '#ffffff',
  },
  greenhorn: {
    mode: 'dark',
    primary: '#66bb6a',
    secondary: '#ffca28',
    bg: '#0f1a12',
    paper: '#1a2a1e',
    bar: '#1b5e20',
    focus: '#ffffff',
    barFocus: '#ffffff',
  },
  'black-white': {
    mode: 'light',
    primary: '#212121',
    secondary: '#757575',
    bg: '#ffffff',
    paper: '#f5f5f5',
    bar: '#000000',
    focus: '#000000',
    barFocus: '#ffffff',
  },
  'blue-valvet': {
    mode: 'dark',
    primary: '#64b5f6',
    secondary: '#f48fb1',
    bg: '#0d1726',
    paper: '#16233a',
    bar: '#0d47a1',
    focus: '#ffffff',
    barFocus: '#ffffff',
  },
  greyhound: {
    mode: 'dark',
    primary: '#b0bec5',
    secondary: '#ff8a65',
    bg: '#1c1f22',
    paper: '#2a2f33',
    bar: '#37474f',
    focus: '#ffffff',
    barFocus: '#ffffff',
  },
  'pink-pussy': {
    mode: 'light',
    primary: '#c2185b',
    secondary: '#7b1fa2',
    bg: '#fff5f9',
    paper: '#ffffff',
    bar: '#ad1457',
    focus: '#000000',
    barFocus: '#ffffff',
  },
};

/**
 * Every focusable element shows a 2 px ring in `--focus-ring` while it has the keyboard focus
 * (`:focus-visible`; MUI's buttons and list items mark it `.Mui-focusVisible`): the page's ring
 * colour, on the top bar the bar's. Items that fill their row draw it inside their edge, where a
 * scrolling menu cannot cut it off. A text field shows it on the box around it.
 */
const FOCUS_RING = { outline: '2px solid var(--focus-ring)', outlineOffset: 2 };
const INSET_RING = { outline: '2px solid var(--focus-ring)', outlineOffset: -2 };

export const isThemeName = (v: string | null | undefined): v is ThemeName =>
  (THEMES as readonly string[]).includes(v ?? '');

const cache = new Map<string, Theme>();

/**
 * The MUI theme of a layout. `device` is the width a server-rendered page was laid out for: media
 * queries answer for it on the server and while the browser hydrates (viewport.ts).
 */
export function appTheme(name: ThemeName = DEFAULT_THEME, device: Device = 'desktop'): Theme {
  const key = `${name}:${device}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const p = PALETTES[name];
  const theme = createTheme({
    palette: {
      mode: p.mode,
      primary: { main: p.primary },
      secondary: { main: p.secondary },
      background: { default: p.bg, paper: p.paper },
    },
    breakpoints: {
      values: { xs: 0, sm: BREAKPOINTS.sm, md: BREAKPOINTS.md, lg: BREAKPOINTS.lg, xl: CONTENT_MAX_WIDTH },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':root': { '--focus-ring-page': p.focus, '--focus-ring-bar': p.barFocus, '--focus-ring': p.focus },
          ':focus-visible': FOCUS_RING,
        },
      },
      MuiAppBar: {
        styleOverrides: {
          root: { backgroundColor: p.bar, color: '#ffffff', '--focus-ring': 'var(--focus-ring-bar)' },
        },
      },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_RING } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_RING } } },
      MuiBottomNavigationAction: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_RING } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_RING } } },
      MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: ssrMatchMedia(device) } },
    },
  });
  cache.set(key, theme);
  return theme;
}
