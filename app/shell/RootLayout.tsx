import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useMessagePopup } from '#app/features/messages/store.ts';
import { useSessionState } from '#app/features/session/api.ts';
import { lazyPart } from '#app/lazy-page.ts';
import { useHeaderHidden } from '#app/platform/prefs.tsx';
import { useRouteTitle, useSiteDescription } from '#app/platform/use-title.ts';
import { useOpenedOnce } from '#app/ui/use-opened-once.ts';
import { BOTTOM_NAV_HEIGHT, CONTENT_MAX_WIDTH, HEADER_HEIGHT } from '#common/constants.ts';
import { useAgeGateOpen } from './age-gate.ts';
import { BottomNav } from './BottomNav.tsx';
import { useConsent } from './consent.ts';
import { HashDialogs } from './HashDialogs.tsx';
import { currentOverlay } from './overlays.ts';
import { PermanentSideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useShellEffects } from './use-shell-effects.ts';

// Not needed for the first paint: loaded after it, so the index route does not carry them.
const Footer = lazyPart(() => import('./Footer.tsx').then((m) => m.Footer));
const ConsentDock = lazyPart(() => import('./BottomDock.tsx').then((m) => m.ConsentDock));
const IncentiveDock = lazyPart(() => import('./BottomDock.tsx').then((m) => m.IncentiveDock));
const MenuIncentive = lazyPart(() => import('#app/features/promos/IncentiveWidget.tsx').then((m) => m.MenuIncentive));
const SideMenuDrawer = lazyPart(() => import('./SideMenuDrawer.tsx').then((m) => m.SideMenuDrawer));
const AgeSplash = lazyPart(() => import('./AgeSplash.tsx').then((m) => m.AgeSplash));
const WelcomeDialog = lazyPart(() => import('#app/features/promos/WelcomeDialog.tsx').then((m) => m.WelcomeDialog));
const UpdateBanner = lazyPart(() => import('./UpdateBanner.tsx').then((m) => m.UpdateBanner));
const SnackbarHost = lazyPart(() => import('#app/ui/SnackbarHost.tsx').then((m) => m.SnackbarHost));
const MessagesPopup = lazyPart(() => import('#app/features/messages/MessagesPopup.tsx').then((m) => m.MessagesPopup));
const VoicecallMode = lazyPart(() => import('#app/features/voicecall/VoicecallMode.tsx').then((m) => m.VoicecallMode));

/** A lazily loaded part: nothing until it is there, and its loading holds up nothing else. */
function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * The page's own content. One element for the life of the frame: when the frame renders again while
 * a server-rendered page is still hydrating (the visitor's session arriving re-renders it at once),
 * an unchanged boundary goes on hydrating in slices; a new element would make React hydrate all of
 * the page's content in one long task first.
 */
const PAGE_CONTENT = (
  <Suspense fallback={<LinearProgress aria-hidden />}>
    <Outlet />
  </Suspense>
);

/** The page frame: top bar, side menu, content, footer, bottom navigation and the shell's overlays. */
export function RootLayout() {
  useShellEffects();
  useRouteTitle();
  useSiteDescription();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const headerHidden = useHeaderHidden();
  const { session, user, pending } = useSessionState();
  const [menuOpen, setMenuOpen] = useState(false);
  const drawerMounted = useOpenedOnce(!desktop && menuOpen);
  const splashMounted = useOpenedOnce(!pending && !session.splash18_confirmed);
  const ageGate = useAgeGateOpen();
  const consent = useConsent();
  // One overlay at a time: the age gate, then the consent banner, then the welcome gift or the incentive;
  // none while a server-rendered page still waits for the visitor's session.
  const overlay = pending
    ? null
    : currentOverlay({
        age_gate: ageGate,
        consent: consent === null,
        welcome: Boolean(user && session.welcome_dialog),
        incentive: !user,
      });
  const popupAsked = useMessagePopup((s) => s.requested);
  const bottomNav = !desktop && !session.voicecall;
  const bottomOffset = bottomNav ? BOTTOM_NAV_HEIGHT : 0;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {overlay === 'consent' && (
        // First in the page, though shown at the bottom: a keyboard reaches it with the first Tab presses.
        <Later>
          <ConsentDock desktop={desktop} bottomOffset={bottomOffset} />
        </Later>
      )}
      {!headerHidden && <TopBar phone={!desktop} onMenu={() => setMenuOpen(true)} />}
      {desktop && (
        <PermanentSideMenu
          headerHidden={headerHidden}
          // On wide screens the welcome offer lives in the side menu: floating, it covered the tiles.
          dock={
            overlay === 'incentive' ? (
              <Later>
                <MenuIncentive />
              </Later>
            ) : null
          }
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', pb: `${bottomOffset}px` }}>
        {!headerHidden && <Toolbar sx={{ minHeight: { xs: HEADER_HEIGHT } }} />}
        <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto' }}>
          {PAGE_CONTENT}
        </Box>
        <Later>
          <Footer />
        </Later>
      </Box>
      {bottomNav && <BottomNav />}
      <HashDialogs />
      {!desktop && drawerMounted && (
        <Later>
          <SideMenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Later>
      )}
      {overlay === 'incentive' && !desktop && (
        <Later>
          <IncentiveDock desktop={false} bottomOffset={bottomOffset} />
        </Later>
      )}
      {splashMounted && (
        <Later>
          <AgeSplash />
        </Later>
      )}
      {overlay === 'welcome' && (
        <Later>
          <WelcomeDialog />
        </Later>
      )}
      <Later>
        <UpdateBanner />
      </Later>
      <Later>
        <SnackbarHost bottomOffset={bottomOffset} />
      </Later>
      <Later>
        <VoicecallMode />
      </Later>
      {user && popupAsked && (
        <Later>
          <MessagesPopup bottomOffset={bottomOffset} />
        </Later>
      )}
    </Box>
  );
}
