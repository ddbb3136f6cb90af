import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showPath } from '#app/features/favorites/paths.ts';
import { ShowMenuRow } from '#app/features/favorites/ShowMenuRow.tsx';
import { LoadState } from '#app/ui/LoadState.tsx';
import { useHistory } from './api.ts';

/** Where the menu's states sit. */
const NOTE = { px: 2, py: 1.5 };

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
  let body: React.ReactNode;
  if (!enabled) {
    body = (
      <Box role="status" sx={NOTE}>
        <Typography sx={{ mb: 1 }}>{t('navbar.history.off')}</Typography>
        <Link component={RouterLink} to={SETTINGS_PATH} onClick={onClose}>
          {t('navbar.history.settings_link')}
        </Link>
      </Box>
    );
  } else if (history.isPending) {
    body = <LoadState kind="loading" label={t('navbar.history.loading')} size={24} sx={NOTE} />;
  } else if (history.isError) {
    body = <LoadState kind="error" plain announce text={t('navbar.history.failed')} sx={NOTE} />;
  } else if (history.data.data.length === 0) {
    body = <LoadState kind="empty" announce text={t('navbar.history.empty')} sx={NOTE} />;
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
