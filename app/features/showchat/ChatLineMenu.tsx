import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  nickname: string;
  muted: boolean;
  onMute: (muted: boolean) => void;
  onKick: () => void;
  onBan: () => void;
};

/**
 * The performer's actions on a person's chat line: mute (or unmute), kick, and ban after she
 * confirms it. The button names the person, so a screen reader user knows whom a line's menu is for.
 */
export function ChatLineMenu({ nickname, muted, onMute, onKick, onBan }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const titleId = useId();
  const close = () => setAnchor(null);
  const choose = (run: () => void) => () => {
    close();
    run();
  };

  return (
    <>
      {muted && <Chip size="small" label={t('showchat.moderation.mutedMark')} sx={{ mr: 0.5 }} />}
      <IconButton
        size="small"
        aria-label={t('showchat.moderation.menu', { nickname })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.25 }}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem onClick={choose(() => onMute(!muted))}>
          {muted ? t('showchat.moderation.unmute') : t('showchat.moderation.mute')}
        </MenuItem>
        <MenuItem onClick={choose(onKick)}>{t('showchat.moderation.kick')}</MenuItem>
        <MenuItem onClick={choose(() => setConfirming(true))} sx={{ color: 'error.main' }}>
          {t('showchat.moderation.ban')}
        </MenuItem>
      </Menu>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId} maxWidth="xs">
        <DialogTitle id={titleId}>{t('showchat.moderation.banTitle', { nickname })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('showchat.moderation.banText', { nickname })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              onBan();
            }}
          >
            {t('showchat.moderation.banConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
