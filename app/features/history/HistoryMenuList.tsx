import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showPath } from '#app/features/favorites/paths.ts';
import { ShowMenuRow } from '#app/features/favorites/ShowMenuRow.tsx';
import { useHistory } from './api.ts';

export const SETTINGS_PATH = '/users/profile/settings';
/** The member's chat sessions (a tab of the profile). */
export const CHAT_HISTORY_PATH = '/users/profile/chats';

/** The history menu's content: loading, switched off, empty, or the shows visited last. */
export function HistoryMenuList({
  anchor,
  enabled,
  onClose,
}: {
  anchor: HTMLElement | null;
  enabled: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = Boolean(anchor);
  const history = useHistory(open && enabled);
  const note = (children: React.ReactNode) => (
    <Box role="status" sx={{ px: 2, py: 1.5 }}>
      {children}
    </Box>
  );
  let body: React.ReactNode;
  if (!enabled) {
    body = note(
      <>
        <Typography sx={{ mb: 1 }}>{t('navbar.history.off')}</Typography>
        <Link component={RouterLink} to={SETTINGS_PATH} onClick={onClose}>
          {t('navbar.history.settings_link')}
        </Link>
      </>,
    );
  } else if (history.isPending) {
    body = note(<CircularProgress size={24} aria-label={t('navbar.history.loading')} />);
  } else if (history.isError) {
    body = note(<Typography color="error">{t('navbar.history.failed')}</Typography>);
  } else if (history.data.data.length === 0) {
    body = note(<Typography color="text.secondary">{t('navbar.history.empty')}</Typography>);
  } else {
    body = history.data.data.map((item) => (
      <MenuItem key={item.id} component={RouterLink} to={showPath(item.show)} onClick={onClose}>
        <ShowMenuRow show={item.show} />
      </MenuItem>
    ));
  }
  return (
    <Menu
      id="history-menu"
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { sx: { minWidth: 240, maxWidth: 350 } },
        list: { 'aria-labelledby': 'history-menu-title' },
      }}
    >
      <Typography id="history-menu-title" component="h2" variant="overline" sx={{ px: 2, color: 'text.secondary' }}>
        {t('navbar.history.title')}
      </Typography>
      <Divider />
      {body}
      <Divider />
      <MenuItem component={RouterLink} to={CHAT_HISTORY_PATH} onClick={onClose} sx={{ typography: 'body2' }}>
        {t('chat_history.title')}
      </MenuItem>
    </Menu>
  );
}
