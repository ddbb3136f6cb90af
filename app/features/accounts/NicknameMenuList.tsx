import CheckIcon from '@mui/icons-material/Check';
import SettingsIcon from '@mui/icons-material/Settings';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useActivateNickname } from '#app/features/nicknames/api.ts';
import type { User } from '#common/api/auth.ts';

/** The nickname menu's list: switching to another nickname and managing them (loaded on first open). */
export function NicknameMenuList({
  anchor,
  nicknames,
  onClose,
}: {
  anchor: HTMLElement | null;
  nicknames: User['nicknames'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const activate = useActivateNickname();
  const { data, current_nickname: current } = nicknames;
  const manage = () => {
    onClose();
    void navigate({ pathname: location.pathname, search: location.search, hash: 'nicknames' });
  };
  return (
    <Menu id="nickname-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {data.map((n) => (
        <MenuItem
          key={n.id}
          selected={n.id === current?.id}
          onClick={() => {
            onClose();
            if (n.id !== current?.id) activate.mutate(n.id);
          }}
        >
          <ListItemIcon>{n.id === current?.id && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{n.nickname}</ListItemText>
        </MenuItem>
      ))}
      {data.length > 0 && <Divider />}
      <MenuItem onClick={manage}>
        <ListItemIcon>
          <SettingsIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('nicknames.manage')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
