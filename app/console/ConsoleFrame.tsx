import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import type { Locale } from '#common/constants.ts';
import { ApiError } from '../api-error.ts';
import { consoleApi } from './api.ts';
import { useErrorText } from './errors.ts';
import { useConsoleLive } from './live.ts';
import { useLocale, useTexts } from './locale.tsx';
import { CONSOLE_SCREENS } from './screens.ts';
import { sessionQuery } from './session.ts';
import { frameTexts } from './texts.ts';
import { ConsolePage } from './ui/ConsolePage.tsx';
import { useNotify } from './ui/Notifier.tsx';

const DRAWER_WIDTH = 248;

/**
 * Every signed-in screen sits in this frame: the bar (the console's name, the language, who is
 * signed in, sign-out), the screens her roles open, and the operators' socket. Nobody signed in is
 * sent to the sign-in, which comes back here afterwards.
 */
export function ConsoleFrame() {
  const session = useQuery(sessionQuery);
  const location = useLocation();
  const t = useTexts(frameTexts);
  if (session.error instanceof ApiError && session.error.status === 401) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!session.data) return <ConsolePage title={t.console} loading={session.isPending} error={session.error} />;
  return <SignedInFrame />;
}

function SignedInFrame() {
  useConsoleLive();
  const t = useTexts(frameTexts);
  const { locale, setLocale } = useLocale();
  const { data: session } = useQuery(sessionQuery);
  const phone = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notify = useNotify();
  const { say } = useErrorText();
  const signOut = useMutation({
    mutationFn: () => consoleApi('DELETE', 'session'),
    onSuccess: () => {
      client.clear();
      navigate('/admin/login?signedout=1', { replace: true });
    },
    onError: (err) => notify(say(err), 'error'),
  });
  if (!session) return null;
  const screens = CONSOLE_SCREENS.filter((s) => session.capabilities.includes(s.capability));
  const other: Locale = locale === 'en' ? 'de' : 'en';
  const nav = (
    <Box component="nav" aria-label={t.screens}>
      <List>
        {screens.map((s) => {
          const current = s.path === '/admin' ? location.pathname === '/admin' : location.pathname.startsWith(s.path);
          return (
            <ListItemButton
              key={s.path}
              component={Link}
              to={s.path}
              selected={current}
              aria-current={current ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              <ListItemText primary={s.label[locale]} />
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {phone && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t.menu}
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            component={Link}
            to="/admin"
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1 }}
          >
            {t.console}
          </Typography>
          {!phone && (
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              {t.signedInAs(session.operator.displayName)}
            </Typography>
          )}
          <Button color="inherit" lang={other} onClick={() => setLocale(other)} aria-label={t.switchLanguage}>
            {other.toUpperCase()}
          </Button>
          <Button color="inherit" variant="outlined" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t.signOut}
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={phone ? 'temporary' : 'permanent'}
        open={phone ? open : true}
        onClose={() => setOpen(false)}
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        {nav}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, md: 3 } }}>
        <Toolbar />
        <Suspense fallback={<ConsolePage title={t.console} loading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
