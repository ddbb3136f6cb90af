import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS, CONTENT_MAX_WIDTH, DEFAULT_THEME, THEMES, type ThemeName } from '#common/constants.ts';

/**
 * The six layouts of the spec. Each is a palette on one shared shape; the only place in the
 * app that names colours.
 */
const PALETTES: Record<
  ThemeName,
  { mode: 'dark' | 'light'; primary: string; secondary: string; bg: string; paper: string; bar: string }
> = {
  redhot: { mode: 'dark', primary: '#ef5350', secondary: '#ffb300', bg: '#121212', paper: '#1e1e1e', bar: '#b71c1c' },
  greenhorn: {
    mode: 'dark',
    primary: '#66bb6a',
    secondary: '#ffca28',
    bg: '#0f1a12',
    paper: '#1a2a1e',
    bar: '#1b5e20',
  },
  'black-white': {
    mode: 'light',
    primary: '#212121',
    secondary: '#757575',
    bg: '#ffffff',
    paper: '#f5f5f5',
    bar: '#000000',
  },
  'blue-valvet': {
    mode: 'dark',
    primary: '#64b5f6',
    secondary: '#f48fb1',
    bg: '#0d1726',
    paper: '#16233a',
    bar: '#0d47a1',
  },
  greyhound: {
    mode: 'dark',
    primary: '#b0bec5',
    secondary: '#ff8a65',
    bg: '#1c1f22',
    paper: '#2a2f33',
    bar: '#37474f',
  },
  'pink-pussy': {
    mode: 'light',
    primary: '#c2185b',
    secondary: '#7b1fa2',
    bg: '#fff5f9',
    paper: '#ffffff',
    bar: '#ad1457',
  },
};

export const isThemeName = (v: string | null | undefined): v is ThemeName =>
  (THEMES as readonly string[]).includes(v ?? '');

const cache = new Map<ThemeName, Theme>();

export function appTheme(name: ThemeName = DEFAULT_THEME): Theme {
  const hit = cache.get(name);
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
      MuiAppBar: { styleOverrides: { root: { backgroundColor: p.bar, color: '#ffffff' } } },
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
  cache.set(name, theme);
  return theme;
}
