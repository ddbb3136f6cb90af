import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import FaceIcon from '@mui/icons-material/Face';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useActivateNickname } from '#app/features/nicknames/api.ts';
import { useUser } from '#app/features/session/api.ts';

/** Top-bar nickname menu: the current nickname, switching, and managing nicknames. */
export function NicknameMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const activate = useActivateNickname();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const { data, current_nickname: current } = user.nicknames;
  const close = () => setAnchor(null);
  const manage = () => {
    close();
    void navigate({ pathname: location.pathname, search: location.search, hash: 'nicknames' });
  };
  return (
    <>
      <Button
        color="inherit"
        startIcon={<FaceIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'nickname-menu' : undefined}
        aria-label={t('nicknames.menu_label', { nickname: current?.nickname ?? t('nicknames.choose') })}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          maxWidth: { xs: 140, sm: 220 },
          '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current?.nickname ?? t('nicknames.choose')}
        </Box>
      </Button>
      <Menu id="nickname-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {data.map((n) => (
          <MenuItem
            key={n.id}
            selected={n.id === current?.id}
            onClick={() => {
              close();
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
    </>
  );
}
