import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NicknameMenu } from '#app/features/accounts/NicknameMenu.tsx';
import { CoinBalance } from '#app/features/billing/CoinBalance.tsx';
import { FavoritesMenu } from '#app/features/favorites/FavoritesMenu.tsx';
import { HistoryMenu } from '#app/features/history/HistoryMenu.tsx';
import { MessagesMenu } from '#app/features/messages/MessagesMenu.tsx';
import { QuickSearch } from '#app/features/search/QuickSearch.tsx';
import { usePublicConfig, useSessionState } from '#app/features/session/api.ts';
import { VoicecallBarLink } from '#app/features/voicecall/VoicecallNotice.tsx';
import { HEADER_HEIGHT } from '#common/constants.ts';
import { LanguageSelector } from './LanguageSelector.tsx';

/** The top bar: menu button (phones), logo, search, languages (wide screens), and the member's or the visitor's items. */
export function TopBar({ onMenu, phone }: { onMenu: () => void; phone: boolean }) {
  const { t } = useTranslation();
  const { site } = usePublicConfig();
  const { session, user } = useSessionState();
  const voicecall = session.voicecall;
  return (
    // Above the permanent drawer on desktops; below the temporary drawer, which covers it, on phones.
    <AppBar
      position="fixed"
      elevation={1}
      sx={{ zIndex: (theme) => (phone ? theme.zIndex.appBar : theme.zIndex.drawer + 1) }}
    >
      <Toolbar
        sx={{ minHeight: { xs: HEADER_HEIGHT }, height: HEADER_HEIGHT, gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}
      >
        {phone && (
          <IconButton color="inherit" edge="start" onClick={onMenu} aria-label={t('navbar.open_menu')}>
            <MenuIcon />
          </IconButton>
        )}
        <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', height: 40 }}>
          <Box component="img" src={site.logo} alt={site.name} height={32} sx={{ height: 32, width: 'auto' }} />
        </Box>
        <Box sx={{ flex: 1 }} />
        {!voicecall && <QuickSearch phone={phone} />}
        {voicecall && <VoicecallBarLink />}
        {/* Phones find the languages in the side menu. */}
        {!phone && <LanguageSelector onBar />}
        {user ? (
          <Stack direction="row" spacing={{ xs: 0, sm: 1 }} sx={{ alignItems: 'center' }}>
            <CoinBalance coins={user.coins} />
            {!voicecall && <HistoryMenu />}
            {!voicecall && <FavoritesMenu />}
            {!voicecall && <MessagesMenu />}
            {!voicecall && <NicknameMenu />}
          </Stack>
        ) : (
          !voicecall &&
          !phone && (
            // On one line: a wrapped call to sign up would outgrow the bar.
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              <Button component={RouterLink} to="/login" color="inherit">
                {t('navbar.login')}
              </Button>
              <Button component={RouterLink} to="#sign-in" variant="contained" color="secondary">
                {t('navbar.signup')}
              </Button>
            </Stack>
          )
        )}
      </Toolbar>
    </AppBar>
  );
}
