import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useSessionState } from '#app/features/session/api.ts';
import { CONTENT_MAX_WIDTH, HEADER_HEIGHT } from '#common/constants.ts';
import { AgeSplash } from './AgeSplash.tsx';
import { BottomDock } from './BottomDock.tsx';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './BottomNav.tsx';
import { Footer } from './Footer.tsx';
import { HashDialogs } from './HashDialogs.tsx';
import { SideMenu } from './SideMenu.tsx';
import { SnackbarHost } from './SnackbarHost.tsx';
import { useShellStore } from './store.ts';
import { TopBar } from './TopBar.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';
import { useShellEffects } from './use-shell-effects.ts';
import { WelcomeDialog } from './WelcomeDialog.tsx';

/** The page frame: top bar, side menu, content, footer, bottom navigation and the shell's overlays. */
export function RootLayout() {
  useShellEffects();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const headerHidden = useShellStore((s) => s.headerHidden);
  const { session } = useSessionState();
  const [menuOpen, setMenuOpen] = useState(false);
  const bottomNav = !desktop && !session.voicecall;
  const bottomOffset = bottomNav ? BOTTOM_NAV_HEIGHT : 0;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {!headerHidden && <TopBar phone={!desktop} onMenu={() => setMenuOpen(true)} />}
      <SideMenu permanent={desktop} open={menuOpen} onClose={() => setMenuOpen(false)} headerHidden={headerHidden} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', pb: `${bottomOffset}px` }}>
        {!headerHidden && <Toolbar sx={{ minHeight: { xs: HEADER_HEIGHT } }} />}
        <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto' }}>
          <Suspense fallback={<LinearProgress aria-hidden />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
      {bottomNav && <BottomNav />}
      <BottomDock desktop={desktop} bottomOffset={bottomOffset} />
      <AgeSplash />
      <WelcomeDialog />
      <HashDialogs />
      <UpdateBanner />
      <SnackbarHost bottomOffset={bottomOffset} />
    </Box>
  );
}
