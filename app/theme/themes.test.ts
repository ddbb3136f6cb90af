import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { THEMES } from '#common/constants.ts';
import { appTheme, PALETTES } from './themes.ts';

describe('keyboard focus in every layout', () => {
  it.each(THEMES)('%s: the focus ring stands out 3:1 from the page, the cards and the top bar', (name) => {
    const p = PALETTES[name];
    expect(getContrastRatio(p.focus, p.bg)).toBeGreaterThanOrEqual(3);
    expect(getContrastRatio(p.focus, p.paper)).toBeGreaterThanOrEqual(3);
    expect(getContrastRatio(p.barFocus, p.bar)).toBeGreaterThanOrEqual(3);
  });

  it.each(THEMES)('%s: buttons, menu items, links and the top bar draw the ring', (name) => {
    const { components } = appTheme(name);
    const ring = { outline: '2px solid var(--focus-ring)' };
    expect(components?.MuiCssBaseline?.styleOverrides).toMatchObject({
      ':root': { '--focus-ring': PALETTES[name].focus, '--focus-ring-bar': PALETTES[name].barFocus },
      ':focus-visible': ring,
    });
    expect(components?.MuiButtonBase?.styleOverrides?.root).toMatchObject({ '&.Mui-focusVisible': ring });
    expect(components?.MuiListItemButton?.styleOverrides?.root).toMatchObject({ '&.Mui-focusVisible': ring });
    expect(components?.MuiAppBar?.styleOverrides?.root).toMatchObject({ '--focus-ring': 'var(--focus-ring-bar)' });
  });
});
